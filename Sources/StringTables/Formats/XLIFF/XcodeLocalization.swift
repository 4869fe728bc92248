import Foundation
import StyledText

/// An Xcode localization bundle (`de.xcloc/`), which `xcodebuild -exportLocalizations`
/// writes for translators: its strings are the XLIFF files in `Localized Contents/`,
/// whose `target-language` says the locale (the bundle's name is only a convention).
enum XcodeLocalization {
    /// Where a bundle keeps its XLIFF files.
    static func contentsFolder(of url: URL) -> URL {
        url.appendingPathComponent("Localized Contents", isDirectory: true)
    }

    /// The names of the XLIFF files in `contents`, in name order.
    static func xliffNames(in contents: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: contents.path)
            .filter { ["xliff", "xlf"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted()
    }

    /// The XLIFF files of the bundle at `url`, in name order, read as one catalog.
    static func parse(_ url: URL, options: TableReadOptions, keeping: ((String) -> Bool)?,
                      chunkSize: Int) throws(StringTableError) -> ParsedStrings {
        let contents = contentsFolder(of: url)
        let source = url.relativePath
        let names: [String]
        do {
            names = try xliffNames(in: contents)
        } catch {
            throw StringTableError(.unreadableFile, file: source, place: .wholeFile,
                                   message: "an .xcloc bundle keeps its strings in \"Localized Contents/\", which cannot be read")
        }
        guard !names.isEmpty else {
            throw StringTableError(.missingField, file: source, place: .wholeFile,
                                   message: "\"Localized Contents/\" holds no .xliff file")
        }
        var merged: StringCatalog?
        // Which file each key came from: the files of a bundle are one table, so a key
        // in two of them is defined twice.
        var owners: [String: String] = [:]
        for name in names {
            let file = contents.appendingPathComponent(name)
            let reader = StringTableReaders.reader(for: .xliff).init(source: file.relativePath, options: options)
            let parsed: ParsedStrings
            if let streamed = reader.streamed(contentsOf: file.path, keeping: keeping, chunkSize: chunkSize) {
                parsed = streamed
            } else {
                let data: Data
                do { data = try Data(contentsOf: file) } catch {
                    throw StringTableError(.unreadableFile, file: file.relativePath, place: .wholeFile,
                                           message: "cannot read the file")
                }
                parsed = try reader.readRefusedStream(data, keeping: keeping)
            }
            guard case .catalog(let catalog) = parsed else { continue }
            for key in Set(catalog.localizations.flatMap { $0.content.entries.map(\.key) + $0.content.untranslatedKeys }) {
                if let earlier = owners.updateValue(file.relativePath, forKey: key) {
                    throw StringTableError(.duplicateKey, file: file.relativePath, place: .wholeFile,
                                           message: "key \(JSONValue.quoted(key)) is already defined in \(earlier); expected "
                                               + "each key in one XLIFF file of the bundle")
                }
            }
            merged = merged.map { $0.merging(catalog) } ?? catalog
        }
        guard let merged else {
            throw StringTableError(.missingField, file: source, place: .wholeFile,
                                   message: "\"Localized Contents/\" holds no XLIFF strings")
        }
        return .catalog(merged)
    }
}

extension StringCatalog {
    /// This catalog with `other`'s localizations added: a locale both have gets the
    /// entries of both, in order.
    fileprivate func merging(_ other: StringCatalog) -> StringCatalog {
        var result = self
        for localization in other.localizations {
            if let index = result.localizations.firstIndex(where: { $0.locale == localization.locale }) {
                result.localizations[index].content.entries += localization.content.entries
                result.localizations[index].content.untranslatedKeys += localization.content.untranslatedKeys
            } else {
                result.localizations.append(localization)
            }
        }
        return result
    }
}

extension StringTable {
    /// The files reading the table at `url` reads: the table itself, or an `.xcloc`
    /// bundle's XLIFF files, which a watch or a build system must follow since a folder
    /// does not change when a file in it is saved.
    ///
    /// - Parameter url: A table file or bundle.
    /// - Returns: The files, in the order they are read.
    public static func filesRead(at url: URL) -> [URL] {
        guard url.isFileURL, url.pathExtension.lowercased() == "xcloc" else { return [url] }
        let contents = XcodeLocalization.contentsFolder(of: url)
        return ((try? XcodeLocalization.xliffNames(in: contents)) ?? []).map { contents.appendingPathComponent($0) }
    }
}
