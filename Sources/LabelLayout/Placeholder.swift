import CHarfBuzz; import CFreeType; import CFontconfig; import CFriBidi; import CLineBreak; import StyledText
