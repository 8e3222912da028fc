/**
 * `import()` of an ES-only package (@secretlint's). In the drop-in's and the tool's one-file bundles (dist/bundle/*.cjs,
 * compiled by vm.Script through a code cache) an `import()` has no loader to go to: the build gives this module the
 * import() of bin/load-dropin.cjs instead (.ci/bundle-dropin.mjs), which resolves a package as this module would.
 */
export const importEsm = (specifier: string): Promise<unknown> => import(specifier);
