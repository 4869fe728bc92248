import ArgumentParser
import Foundation
import LabelCore
import StringTables

/// `--locales`, `--fallback-locale`, `--table-format`, `--csv-delimiter` and
/// `--xliff-keys`: how the string tables are read, for every command that reads them.
struct TableOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only these locales of the tables, e.g. de,ja (repeatable): a spreadsheet's columns, a String Catalog's localizations, any table's locale.",
                               valueName: "tags"))
    var locales: [String] = []

    @Option(name: .customLong("fallback-locale"),
            help: ArgumentHelp("Draw this locale's text where a table of several locales has none (an empty spreadsheet cell, an untranslated XLIFF unit drawing its source, a catalog key without a localization); the manifest marks such labels \"fallback\".",
                               valueName: "tag"))
    var fallbackLocale: String?

    @Option(name: .customLong("table-format"),
            help: ArgumentHelp("Read every table as this format, whatever its extension.", valueName: "format"),
            completion: .list(StringTableFormat.allCases.map(\.rawValue)))
    var tableFormat: Parsed<TableFormatName>?

    @Option(name: .customLong("csv-delimiter"),
            help: ArgumentHelp("The separator of spreadsheet tables: , or ; or tab (default: found from the header row).",
                               valueName: "char"))
    var csvDelimiter: Parsed<CSVDelimiter>?

    @Option(name: .customLong("xliff-keys"),
            help: ArgumentHelp("How XLIFF units are keyed: unit (resname or name, else id; a key in two <file>s is an error) or file (<file original>/<key>).",
                               valueName: "unit|file"),
            completion: .list(TableReadOptions.XLIFFKeys.allCases.map(\.rawValue)))
    var xliffKeys: Parsed<TableReadOptions.XLIFFKeys>?

    func validate() throws {
        _ = try tableFormat?.get()
        _ = try csvDelimiter?.get()
        _ = try xliffKeys?.get()
        _ = try readOptions
    }

    /// The options as the readers take them.
    var readOptions: TableReadOptions {
        get throws(ValidationError) {
            var options = TableReadOptions()
            options.format = try tableFormat?.get().format
            options.csvDelimiter = try csvDelimiter?.get().scalar
            options.xliffKeys = try xliffKeys?.get() ?? .unit
            let tags = locales.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            if !tags.isEmpty {
                options.locales = try tags.map { tag throws(ValidationError) in try Self.tag(tag, option: "--locales") }
            }
            options.fallbackLocale = try fallbackLocale.map { tag throws(ValidationError) in
                try Self.tag(tag, option: "--fallback-locale")
            }
            return options
        }
    }

    /// `text` as a normalized BCP 47 tag (`pt_BR` reads as `pt-BR`).
    static func tag(_ text: String, option: String) throws(ValidationError) -> String {
        guard let tag = LanguageTag(localeName: text) else {
            throw ValidationError("\(option) expects language tags such as de, pt-BR or zh-Hant; got \"\(text)\"")
        }
        return tag.normalized
    }
}

/// `--table-format FORMAT`.
struct TableFormatName: ArgumentSyntax {
    let format: StringTableFormat

    init(argumentText text: String) throws(ValidationError) {
        guard let format = StringTableFormat(fileExtension: text) else {
            throw ValidationError("--table-format expects one of "
                                  + StringTableFormat.allCases.map(\.rawValue).joined(separator: ", ") + "; got \"\(text)\"")
        }
        self.format = format
    }
}

/// `--csv-delimiter CHAR`: one character, or `tab`.
struct CSVDelimiter: ArgumentSyntax {
    let scalar: Unicode.Scalar

    init(argumentText text: String) throws(ValidationError) {
        if text.lowercased() == "tab" || text == "\\t" {
            scalar = "\t"
            return
        }
        guard text.unicodeScalars.count == 1, let only = text.unicodeScalars.first,
              !["\"", "\n", "\r"].contains(only) else {
            throw ValidationError("--csv-delimiter expects one character such as , or ; or the word tab; got \"\(text)\"")
        }
        scalar = only
    }
}

extension TableReadOptions.XLIFFKeys: ArgumentSyntax {
    init(argumentText text: String) throws(ValidationError) {
        guard let keys = Self(rawValue: text) else {
            throw ValidationError("--xliff-keys expects unit or file; got \"\(text)\"")
        }
        self = keys
    }
}
