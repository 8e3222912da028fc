import { str } from '../../protocol/raw-frame.js';

/**
 * What cbc 2.117.0 tells the model a foreground Bash call returned: a labelled text (measured: ses_max_turns,
 * req_can_use_tool_allow, req_tool_bypass); `stdout` is what its `_meta` renderer shows. A scenario's ask
 * gives only the output, so the command ran clean: exit 0, nothing on stderr, no signal.
 */
export function bashResult(input: Record<string, unknown>, output: string): { text: string; stdout: string } {
  const stdout = output.replace(/\n$/, '');
  return { text: `Command: ${str(input, 'command') ?? ''}\nStdout: ${stdout}\n\nStderr: (empty)\nExit Code: 0\nSignal: (none)`, stdout };
}
