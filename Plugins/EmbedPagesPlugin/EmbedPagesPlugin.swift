import Foundation
import PackagePlugin

/// Compiles the files of a target's `Pages` folder into the target, as `EmbeddedPages.files`.
///
/// NB: the web client ships inside the `tcnet` executable, so a teacher copies one file; the pages
/// stay plain HTML, CSS and JavaScript in the repository, and editing one rebuilds only this step.
@main
struct EmbedPagesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let pages = module.directoryURL.appending(path: "Pages")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPages.swift")
        return [
            .buildCommand(
                displayName: "Embedding the web pages of \(target.name)",
                executable: try context.tool(named: "EmbedPages").url,
                arguments: [pages.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: Self.files(under: pages),
                outputFiles: [output])
        ]
    }

    static func files(under folder: URL) -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else {
            return []
        }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: Set(keys)).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }
}
