/**
 * The input fields that name workspace paths, by property name, wherever they sit in a step's input
 * (top level or nested, e.g. refactoring.dedupe's `clone.a.file`). Data: a capability that adds a
 * path-like field adds its name here, and test/daemon/jobs/input-paths.test.ts checks that every
 * registered capability's path-like string fields are listed.
 *
 * `files`: one file or folder (a string, or an array of strings) — confined lexically and physically
 * (no absolute path, no "..", no symlink out of the workspace), as the capability's own reads are.
 * `globs`: gitignore-syntax patterns relative to the workspace — a leading "/" anchors a pattern at the
 * workspace root (gitignore's meaning, not an absolute path); a ".." segment, a drive letter or a
 * leading "~" is refused, as no file inside the workspace could match it.
 */
export const INPUT_PATH_FIELDS = {
  files: [
    'path',
    'paths',
    'file',
    'files',
    'from',
    'to',
    'modulePath',
    'newFileName',
    'target',
    'dir',
    'folder',
    'root',
    'output',
    'cwd',
    'tsconfig',
    'out',
    'apiDoc',
    // generation
    'destination',
    'directory',
    'spec',
    'samplesFrom',
    'schemaFile',
    'testOut',
    // testing and debugging: the component, the app module, the module a reported call is in
    'component',
    'app',
    'module',
  ],
  globs: ['include', 'exclude', 'entryPoints'],
} as const;
