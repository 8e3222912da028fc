import type { ControlFacts } from '../../engine/events.js';

/*
 * Claude Code's get_settings `effective` and `sources` (issue #16). Read from 2.1.328's get_settings handler and its
 * settings loader: each source's settings pass its settings schema, so their keys come in the schema's order (and
 * `permissions`' in its own); `effective` merges the sources in layering order with the loader's customizer: two
 * arrays join without repeats (fallbackModel's is replaced), objects merge key by key, anything else is replaced.
 * Measured alike on 2.1.220 and 2.1.328: ctl_get_settings_bg_task_h7 and the ctl_get_settings_*_fd captures.
 */

/** The settings schema's top-level keys in declaration order (2.1.328's, read from the binary). */
const SETTINGS_KEYS: readonly string[] = (
  '$schema apiKeyHelper proxyAuthHelper awsCredentialExport awsAuthRefresh gcpAuthRefresh processWrapper '+
  'policyHelper policyHelpers xaaIdp fileSuggestion respectGitignore breakReminder quietHours cleanupPeriodDays '+
  'desktopSessionCleanupPeriodDays syncClaudeAiSkills syncClaudeAiPlugins skillListingMaxDescChars '+
  'skillListingBudgetFraction wslInheritsWindowsSettings env attribution attributionProject '+
  'attributionProjectPolicy includeCoAuthoredBy includeGitInstructions permissions model fallbackModel '+
  'availableModels enforceAvailableModels availableModelsMatch deniedModels modelOverrides modelPicker '+
  'modelPricing enableAllProjectMcpServers enabledMcpjsonServers disabledMcpjsonServers '+
  'disableClaudeAiConnectors skillOverrides disableBundledSkills managedMcpServers allowedMcpServers '+
  'deniedMcpServers hooks worktree disableAllHooks disableReplyCheck disableAgentView disableRemoteControl '+
  'disableWorkflows disableArtifact enableArtifact enableWorkflows workflowSizeGuideline '+
  'workflowKeywordTriggerEnabled disableSkillShellExecution disableWindowsBashCommandSplit defaultShell '+
  'bashEditDiffEnabled bashOutputMaxChars taskOutputMaxChars respondToBashCommands allowManagedHooksOnly '+
  'allowedHttpHookUrls httpHookAllowedEnvVars allowManagedPermissionRulesOnly allowManagedMcpServersOnly '+
  'allowAllClaudeAiMcps allowClaudeInChromeWithManagedMcp strictPluginOnlyCustomization statusLine '+
  'prUrlTemplate footerLinksRegexes subagentStatusLine enabledPlugins prependPlugins appendPlugins '+
  'extraKnownMarketplaces additionalMarketplaces strictKnownMarketplaces allowedMarketplaces '+
  'blockedMarketplaces disableCommandPluginSources disableSideloadFlags pluginSuggestionMarketplaces '+
  'forceLoginMethod forceLoginGatewayUrl gatewayInternalNetworks parentSettingsBehavior managedSourcesBehavior '+
  'forceLoginOrgUUID allowNestedModelAccessUnderForceLogin allowedProviders forceRemoteSettingsRefresh '+
  'otelHeadersHelper outputStyle viewMode language skipWebFetchPreflight sandbox feedbackSurveyRate '+
  'feedbackDrafts spinnerTipsEnabled clawdFileProgressEnabled spinnerVerbs spinnerTipsOverride '+
  'syntaxHighlightingDisabled maxProseWidth spellcheck terminalTitleFromRename promptCacheTtl '+
  'subagentPromptCacheTtl alwaysThinkingEnabled effortLevel maxEffortLevel modelSettings ultracode '+
  'autoCompactWindow advisorModel fastMode fastModePerSessionOptIn promptSuggestionEnabled '+
  'emojiCompletionEnabled awaySummaryEnabled responseComparisonEnabled showClearContextOnPlanAccept '+
  'askUserQuestionTimeout dialogExpiry agent modelProposedGoals companyAnnouncements pluginConfigs remote '+
  'autoUpdatesChannel minimumVersion requiredMinimumVersion requiredMaximumVersion plansDirectory tui voice '+
  'channelsEnabled allowedChannelPlugins prefersReducedMotion timeFormat timeZone doneMeansMerged '+
  'totalTokensReminder totalTokensReminderBudget totalTokensReminderAfterUserTurn autoMemoryEnabled '+
  'autoMemoryDirectory autoDreamEnabled showThinkingSummaries skipDangerousModePermissionPrompt '+
  'skipWorkflowUsageWarning disableAutoMode remoteTools sshConfigs sshHostCommands claudeMd claudeMdExcludes '+
  'pluginTrustMessage theme editorMode keybindingFlavor vimInsertModeRemaps verbose preferredNotifChannel '+
  'autoCompactEnabled precomputeCompactionEnabled precomputeArmTokens autoCompactRaisedForLoad '+
  'autoCompactOfferAnswer idleCompaction switchModelsOnFlag autoContinueAtUsageLimit autoScrollEnabled '+
  'wheelScrollAccelerationEnabled fileCheckpointingEnabled showTurnDuration showMessageTimestamps '+
  'terminalProgressBarEnabled todoFeatureEnabled teammateMode remoteControlAtStartup remoteControl '+
  'isolatePeerMachines daemonColdStart crossSessionInbound remoteMessageReceipts autoUploadSessions '+
  'inputNeededNotifEnabled agentPushNotifEnabled'
).split(' ');
/** `permissions`' keys in the schema's order. */
const PERMISSION_KEYS: readonly string[] = ['allow', 'deny', 'ask', 'defaultMode', 'disableBypassPermissionsMode', 'blockReadsOutsideWorkingDirectories', 'blockFileToolReadsOutsideWorkingDirectories', 'blockWritesOutsideWorkingDirectories', 'blockReadsExemptPaths', 'workingDirectoriesAsGiven', 'disableAutoMode', 'denyInsteadOfPrompting', 'additionalDirectories'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `o`'s keys in the schema's order; keys the schema does not name keep their order after them. */
function inSchemaOrder(o: Obj, order: readonly string[]): Obj {
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i < 0 ? order.length : i;
  };
  const keys = Object.keys(o).sort((a, b) => rank(a) - rank(b)); // a stable sort keeps unknown keys in place
  return Object.fromEntries(keys.map((k) => [k, k === 'permissions' && isObj(o[k]) ? inSchemaOrder(o[k], PERMISSION_KEYS) : o[k]]));
}

/** The loader's merge of `b` into `a` (lodash mergeWith and its customizer, hand-written: no lodash in the drop-in). */
function merge(a: Obj, b: Obj): Obj {
  const out: Obj = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const was = out[k];
    if (v === undefined) continue;
    if (Array.isArray(was) && Array.isArray(v)) out[k] = k === 'fallbackModel' ? v : [...new Set([...(was as unknown[]), ...(v as unknown[])])];
    else if (isObj(was) && isObj(v)) out[k] = merge(was, v);
    else out[k] = v;
  }
  return out;
}

/** get_settings' `effective` and `sources`: the sources that hold anything, each in schema order, and their merge. */
export function settingsView(facts: ControlFacts | undefined): { effective: Obj; sources: Array<{ source: string; settings: Obj }> } {
  const sources = (facts?.settings ?? [])
    .map((s) => ({ source: s.source, settings: inSchemaOrder(s.parts.reduce(merge, {}), SETTINGS_KEYS) }))
    .filter((s) => Object.keys(s.settings).length > 0);
  return { effective: sources.reduce<Obj>((acc, s) => merge(acc, s.settings), {}), sources };
}
