// Only the header matters; SwiftPM needs a source file to build a C target.
