/** Library entry: `import { startEmulator, checkTranscript, loadScenario } from 'cbc-emulator'`. */
export { runCli, defaultHome, type RunIO } from './dropin/main.js';
export { checkTranscript, checkFrames, RULES, type Violation, type RuleOptions, type CheckOptions, type Rule } from './tools/check/rules.js';
export { checkStream } from './tools/check/stream.js';
export { startEmulator, type StartOptions, type Emulator, type WireFrame } from './testkit/emulator.js';
export type { JournalEntry } from './transport/journal.js';
export { loadScenarioFile as loadScenario } from './scenario/load.js';
export { loadScenarioFile, parseScenario, formatProblems, type ScenarioProblem } from './scenario/load.js';
export { Scenario, type ScenarioT, type ScenarioInput } from './scenario/schema.js';
export { getProfile, PROFILE_NAMES, type Profile, type ProfileName } from './profiles/index.js';
export { EmuError, type EmuErrorCode } from './errors.js';
export { record, type RecordOptions } from './tools/cassette/record.js';
export { replay, REPLAY_DIVERGED, type ReplayOptions } from './tools/cassette/replay.js';
export { readCassette, type Cassette, type CassetteEntry, type CassetteHeader } from './tools/cassette/format.js';
export { importCassette, importCassetteYaml } from './tools/cassette/import.js';
export { Redactor, parseRedactRule } from './tools/cassette/redact.js';
export { fuzz, type FuzzOptions, type FuzzStream, type FuzzSummary } from './testkit/fuzz.js';
export { PERTURBATIONS, type Perturbation } from './tools/fuzz/catalogue.js';
