// The argv cases of `node test/capture/argv.mjs` (issue #15): command lines the real CLIs reject (or answer
// without a model: --version, --help) before any network or stdin use. Each case runs with an empty,
// closed stdin. `only` limits a case to some CLIs (e.g. a flag that is valid there would start a session;
// cbc 2.117.0 declares no commander choices: its "(choices: ...)" are description text, so a bad
// --input-format, --output-format or --permission-mode goes on to a session there).
// test/golden/argv.test.ts replays every captured case against the drop-in under the matching profile.

/** @typedef {{name: string, about: string, args: string[], only?: string[]}} ArgvCase */

const CBC = ['cbc-2.117.0'];
const CLAUDE = ['claude-2.1.220', 'claude-2.1.328'];

/** @type {ArgvCase[]} */
export const ARGV_CASES = [
  { name: 'version_long', about: '--version', args: ['--version'] },
  { name: 'version_v', about: '-v', args: ['-v'] },
  { name: 'version_V', about: '-V (commander\'s version flag in cbc only)', args: ['-V'] },
  { name: 'help_long', about: '--help prints the help text', args: ['--help'] },
  { name: 'help_h', about: '-h', args: ['-h'] },
  { name: 'unknown_near', about: 'unknown option close to a real one: a suggestion line', args: ['-p', '--verbos', 'hi'] },
  { name: 'unknown_far', about: 'unknown option far from every real one: no suggestion', args: ['-p', '--zzzzqqqq', 'hi'] },
  { name: 'unknown_short', about: 'unknown short option', args: ['-p', '-x', 'hi'] },
  { name: 'unknown_eq', about: 'unknown option in --name=value form', args: ['-p', '--zzzzqqqq=1', 'hi'] },
  { name: 'unknown_after_prompt', about: 'unknown option after the prompt', args: ['-p', 'hi', '--verbos'] },
  { name: 'print_eq', about: 'a switch given a value with =', args: ['--print=yes', 'hi'] },
  { name: 'verbose_eq', about: '--verbose=1', args: ['-p', '--verbose=1', 'hi'] },
  { name: 'missing_model', about: 'a value-taking option at the end: the message names the placeholder', args: ['-p', '--model'] },
  { name: 'missing_allowed', about: 'a variadic option at the end', args: ['-p', '--allowedTools'] },
  { name: 'missing_input_format', about: 'a choices option at the end', args: ['-p', '--input-format'] },
  { name: 'missing_session_id', about: '--session-id at the end', args: ['-p', '--session-id'] },
  { name: 'choice_input_format', about: 'an --input-format outside its choices', args: ['-p', '--input-format', 'xml', 'hi'], only: CLAUDE },
  { name: 'choice_input_format_eq', about: 'the same, in --name=value form', args: ['-p', '--input-format=xml', 'hi'], only: CLAUDE },
  { name: 'choice_output_format', about: 'an --output-format outside its choices', args: ['-p', '--output-format', 'xml', 'hi'], only: CLAUDE },
  { name: 'choice_permission_mode', about: 'a --permission-mode outside its choices', args: ['-p', '--permission-mode', 'bogus', 'hi'], only: CLAUDE },
  { name: 'bundle_unknown', about: 'bundled short flags, the second unknown', args: ['-pz', 'hi'] },
  { name: 'bundle_then_choice', about: 'bundled short flags accepted, then a bad choice', args: ['-pc', '--input-format', 'xml'], only: CLAUDE },
  { name: 'bundle_then_unknown', about: 'bundled short flags accepted, then an unknown option', args: ['-pc', '--zzzzqqqq'] },
  { name: 'bundle_value', about: 'a value glued to a short option (-dX), then an unknown option', args: ['-p', '-dapi', '--zzzzqqqq'] },
  { name: 'stream_needs_verbose', about: '-p --output-format stream-json without --verbose', args: ['-p', '--output-format', 'stream-json', 'hi'], only: CLAUDE },
  { name: 'stream_in_needs_stream_out', about: '--input-format stream-json with text output', args: ['-p', '--input-format', 'stream-json', '--output-format', 'text'], only: CLAUDE },
  { name: 'session_id_invalid', about: 'a --session-id that is not a UUID', args: ['-p', '--session-id', 'not-a-uuid', 'hi'], only: CLAUDE },
  { name: 'session_id_bad_chars', about: 'a --session-id with characters cbc refuses', args: ['-p', '--session-id', 'bad id!', 'hi'] },
  { name: 'foreign_acp', about: 'cbc-only --acp under Claude', args: ['-p', '--acp', 'hi'], only: CLAUDE },
  { name: 'foreign_bare', about: 'Claude-only --bare under cbc', args: ['-p', '--bare', 'hi'], only: CBC },
  { name: 'foreign_permission_prompt_tool', about: 'Claude-only --permission-prompt-tool under cbc', args: ['-p', '--permission-prompt-tool', 'stdio', 'hi'], only: CBC },
  { name: 'foreign_swarm', about: 'cbc-only --swarm under Claude', args: ['-p', '--swarm', 'hi'], only: CLAUDE },
  { name: 'json_schema_invalid', about: '--json-schema that is not JSON', args: ['-p', '--json-schema', '{nope', 'hi'], only: CLAUDE },
];
