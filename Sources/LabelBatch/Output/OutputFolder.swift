import Foundation

/// The rules that keep a run's writes inside its output folder.
///
/// Key names cannot leave `OUT/<locale>/` (see ``FileNames``), and files are replaced by
/// renaming, which replaces a symbolic link itself rather than writing through it. What
/// remains is the locale folder: if `OUT/de` were a link to `/etc`, every image, the
/// manifest and the removal of stale images would happen there. Such a folder is refused
/// before any label is drawn. `OUT` itself may be a link: the caller chose it.
enum OutputFolder {
    /// Throws if `folder` is a symbolic link or not a folder. The output folder itself is
    /// checked too: a file in its place would otherwise fail only at the first write,
    /// after every label was drawn.
    static func checkLocaleFolder(_ folder: URL) throws(BatchError) {
        var isFolder: ObjCBool = false
        let out = folder.deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), !isFolder.boolValue {
            throw .outputNotAFolder(path: out)
        }
        let path = folder.path
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            throw .localeFolderIsLink(path: path, target: target)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw .localeFolderNotAFolder(path: path)
        }
    }
}
