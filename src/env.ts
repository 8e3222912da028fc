/** Truthy environment value as the CLIs read their switches: set, non-empty, not "0", not "false". */
export function truthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}
