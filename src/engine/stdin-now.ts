/**
 * The reason a user line of priority `now` cancels the host request the running turn waits on (a can_use_tool
 * request, a PreToolUse hook callback) with: the call ends as aborted and the turn with it (stdin-priority.ts).
 */
export const NOW_ABORT = 'priority-now';
