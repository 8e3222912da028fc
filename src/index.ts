/** Library entry: `import { runCli, checkTranscript, parseScenario } from 'cbc-emulator'`. */
export { runCli, defaultHome, type RunIO } from './run.js';
export { checkTranscript, checkFrames, type Violation, type RuleOptions } from './tools/check/rules.js';
export { loadScenarioFile, parseScenario, formatProblems, type ScenarioProblem } from './scenario/load.js';
export { Scenario, type ScenarioT, type ScenarioInput } from './scenario/schema.js';
export { getProfile, PROFILE_NAMES, type Profile, type ProfileName } from './protocol/profiles/index.js';
export { EmuError, type EmuErrorCode } from './errors.js';
export { record, type RecordOptions } from './tools/cassette/record.js';
export { replay, REPLAY_DIVERGED, type ReplayOptions } from './tools/cassette/replay.js';
export { readCassette, type Cassette, type CassetteEntry, type CassetteHeader } from './tools/cassette/format.js';
export { importCassette, importCassetteYaml } from './tools/cassette/import.js';
export { Redactor, parseRedactRule } from './tools/cassette/redact.js';
