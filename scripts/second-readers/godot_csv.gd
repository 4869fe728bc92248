# Reads a translation CSV as Godot 3's CSV translation importer does
# (editor/import/resource_importer_csv_translation.cpp) and prints, as one line of JSON
# at the end of standard output, what each locale's Translation then holds.
#
#     LANG=en_US.UTF-8 godot3-server --path <folder with an empty project.godot> \
#         -s /absolute/path/to/godot_csv.gd /absolute/path/to/table.csv
#
# Godot resolves a relative script path inside the project folder, and writes its logs/
# there. LANG names a locale Godot knows, else it complains about "C" on standard error.
#
# The importer's reading, mirrored step by step:
# - Lines come from File.get_csv_line(","), the same FileAccess::get_csv_line the
#   importer calls: a UTF-8 byte-order mark is dropped, every carriage return is dropped
#   (also inside quoted cells, so CRLF in a cell reads as LF), and a cell's quotes
#   toggle quoting wherever they stand, `""` giving one quote.
# - The header's first cell names the key column; every further cell is a locale, which
#   Godot 3 checks against its own list of locales and refuses the whole file for one it
#   does not know. Those cells are listed in "unknownLocales", and the rows are still read,
#   so a table can be compared with Godot 4's spelling of locales (`zh_Hans`) too.
# - Rows are read while they have exactly as many cells as the header; the first row that
#   has not (a blank line, a short or long row, the end of the file) ends the import.
#   "endedEarly" is true when such a row came before the end of the file: Godot then
#   silently ignores everything after it.
# - A row with an empty key is skipped. Every other cell, empty ones included, is added
#   to its locale's Translation after String.c_unescape() (`\n` becomes a line break).
#   An empty text stays in the Translation, but Godot's TranslationServer takes an empty
#   message for a missing one and falls back, so it means "untranslated".
# - A key given twice keeps the text of its last row, as the Translation's map does.
#
# Printed: {"keyHeader": "keys", "locales": [...], "unknownLocales": [...],
# "keys": [...in first-row order...], "strings": {key: {locale: text}}, "endedEarly": bool}.
# The program exits with status 1 when the file cannot be opened or has no locale column
# (the importer's parse errors), 2 without a file argument.
extends SceneTree


func _init():
	var arguments = OS.get_cmdline_args()
	var script_index = -1
	for index in range(arguments.size()):
		if arguments[index] == "-s" or arguments[index] == "--script":
			script_index = index + 1
	if script_index < 0 or script_index + 1 >= arguments.size():
		printerr("usage: godot3-server -s godot_csv.gd <table.csv>")
		quit(2)
		return
	quit(_read(arguments[script_index + 1]))


func _read(path):
	var file = File.new()
	if file.open(path, File.READ) != OK:
		printerr("cannot open " + path)
		return 1
	var header = file.get_csv_line(",")
	if header.size() <= 1:
		printerr(path + ": the header has no locale column")
		return 1

	var locales = []
	var unknown = []
	var translations = []
	for index in range(1, header.size()):
		var locale = header[index]
		# TranslationServer names exactly the locales Godot 3's importer accepts.
		if TranslationServer.get_locale_name(locale) == "":
			unknown.append(locale)
		locales.append(locale)
		var translation = Translation.new()
		translation.locale = locale
		translations.append(translation)

	var keys = []
	var seen = {}
	var line = file.get_csv_line(",")
	while line.size() == locales.size() + 1:
		var key = line[0]
		if key != "":
			if not seen.has(key):
				seen[key] = true
				keys.append(key)
			for index in range(1, line.size()):
				translations[index - 1].add_message(key, line[index].c_unescape())
		line = file.get_csv_line(",")
	# At the end of the file get_csv_line gives one empty cell and sets the end flag.
	var ended_early = not (file.eof_reached() and line.size() == 1 and line[0] == "")
	file.close()

	var strings = {}
	for key in keys:
		var texts = {}
		for index in range(locales.size()):
			texts[locales[index]] = String(translations[index].get_message(key))
		strings[key] = texts
	print(JSON.print({
		"keyHeader": header[0],
		"locales": locales,
		"unknownLocales": unknown,
		"keys": keys,
		"strings": strings,
		"endedEarly": ended_early,
	}))
	return 0
