/**
 * The packed-package test's type check (test/package/consumer.test.ts): `tsc -p tsconfig.json` in the consumer's
 * project, except that the peers' declaration files (Effect, React, Jotai, in `node_modules`) are not checked
 * themselves, as `skipLibCheck` would skip them, while the consumer's code and every declaration file of
 * `storefront-toolkit` are, with the consumer's settings (which keep `skipLibCheck` off). TypeScript has no setting
 * for skipping some libraries only; checking the peers' own declarations was a quarter of the check's CPU time and
 * says nothing of this package. Every file is still parsed, every setting and global checked.
 *
 *   node test/package/consumerTypeCheck.ts <project>     prints tsc's report and exits with 1 on an error
 */
import { join } from "node:path"
import ts from "typescript"

const project = process.argv[2] ?? process.cwd()
const host: ts.ParseConfigFileHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
  }
}
const config = ts.getParsedCommandLineOfConfigFile(join(project, "tsconfig.json"), {}, host)!
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })

/** A file the check covers: the consumer's own and the package's, not a peer's nor TypeScript's lib. */
const checked = (file: ts.SourceFile) =>
  !program.isSourceFileDefaultLibrary(file) &&
  (!file.fileName.includes("/node_modules/") || file.fileName.includes("/node_modules/storefront-toolkit/"))

const diagnostics: Array<ts.Diagnostic> = [
  ...config.errors,
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics()
]
const syntactic = program.getSourceFiles().flatMap((file) => program.getSyntacticDiagnostics(file))
diagnostics.push(...syntactic)
if (syntactic.length === 0) {
  for (const file of program.getSourceFiles()) if (checked(file)) diagnostics.push(...program.getSemanticDiagnostics(file))
}

if (diagnostics.length > 0) {
  process.stdout.write(ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => project,
    getNewLine: () => "\n"
  }))
  process.exitCode = 1
}
