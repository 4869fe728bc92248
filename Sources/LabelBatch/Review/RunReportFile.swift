import Foundation
import LabelCore
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The `--report` file of a run drawn a part at a time (``LocaleByLocaleRun``): each
/// part's entries are encoded as they come and wait on disk, so the report of ten locales
/// costs the memory of one. ``write(to:)`` gives the bytes ``RunReport/write(to:)`` gives
/// for the whole run's report.
package final class RunReportFile {
    /// A nameless scratch file in the output folder (``AtomicWriter/openNameless(in:for:)``).
    private let descriptor: Int32
    /// How many bytes of entries, and how many entries, it holds.
    private var length = 0
    private var count = 0
    /// The report's other fields, from the parts so far.
    private var document: RunReport?
    private let encoder = JSONFile.encoder()

    /// A report file whose entries wait in `folder`, which must exist.
    /// - Throws: The file system's error when the scratch file cannot be made.
    package init(in folder: URL) throws {
        descriptor = try AtomicWriter.openNameless(in: folder, for: "report-entries")
    }

    deinit { close(descriptor) }

    /// Adds a part's report: its entries after those of the parts before.
    /// - Throws: The file system's error, or an `EncodingError`.
    package func append(_ part: RunReport) throws {
        var bytes = Data()
        for entry in part.labels {
            if count > 0 || !bytes.isEmpty { bytes.append(JSONFileLayout.separator) }
            bytes.append(try JSONFileLayout.element(entry, encoder: encoder))
        }
        try EntryStore.write(bytes, to: descriptor, at: length)
        length += bytes.count
        count += part.labels.count
        if document == nil {
            document = RunReport(tool: part.tool, style: part.style, labels: [], untranslated: [:])
        }
        document!.untranslated.merge(part.untranslated) { $0 + $1 }
    }

    /// Writes the report of every part appended, atomically.
    /// - Throws: The file system's error, or an `EncodingError`; then the file is as it was.
    package func write(to url: URL) throws {
        let document = document ?? RunReport(tool: Labelgen.tool, style: "", labels: [], untranslated: [:])
        let layout = try JSONFileLayout(document, arrayKey: "labels", hasElements: count > 0)
        try AtomicWriter.write(to: url) { pieces in
            try pieces.append(layout.head)
            var offset = 0
            while offset < length {
                let chunk = min(1 << 20, length - offset)
                try pieces.append(try EntryStore.read(descriptor, offset: offset, count: chunk))
                offset += chunk
            }
            try pieces.append(layout.tail)
        }
    }
}
