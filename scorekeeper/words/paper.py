"""Paper in, scores out, in words: why a photo cannot be read, why a value read is doubted, and what
the confirm screen says of a row."""

from __future__ import annotations

from ._core import say, say_n, words

words(
    {
        # a photo the reader cannot use
        "paper_not_an_image": say(
            "This file is not a photo: take a photo of the sheet, or choose a JPEG or PNG"
        ),
        "paper_no_marks": say(
            "The sheet's four black corner squares are not all in the photo: take it again with the whole "
            "sheet in view, flat and in good light"
        ),
        "paper_no_code": say(
            "The sheet's code (top right) cannot be read in this photo: take it again closer, flat and in "
            "focus, without a shadow over the code"
        ),
        "paper_not_a_sheet": say("This photo's code is not one of this app's score sheets"),
        "paper_layout_unknown": say(
            "This sheet was printed by another version of the app (layout %(layout)s): print a new one"
        ),
        "paper_photo_missing": say("Choose a photo of the sheet first"),
        "paper_wrong_game": say("This sheet belongs to another game: read it from that game's page"),
        "paper_not_readable": say("This game's sheets are not made to be read back yet"),
        "paper_reading_gone": say(
            "This reading is no longer kept (readings are kept for two days): photograph the sheet again"
        ),
        # a value the classifier doubts
        "paper_doubt_range": say("The writing looks like a number above %(most)s"),
        "paper_doubt_faint": say("A faint mark: is anything written?"),
        "paper_doubt_unsure": say("Hard to read"),
        # what the engine makes of a row
        "paper_values_missing": say_n(
            "%(count)s value of this %(deal)s is missing",
            "%(count)s values of this %(deal)s are missing",
            "count",
        ),
        "paper_row_same": say("Already recorded, and the sheet agrees"),
        "paper_row_changed": say("Recorded otherwise: the sheet's values will correct it"),
        "paper_row_waiting": say("Checked once the %(deal)s above is right"),
        "paper_drive_total": say_n(
            "Hand %(hand)s: N–S %(north_south)s and E–W %(east_west)s make %(total)s trick, not 13",
            "Hand %(hand)s: N–S %(north_south)s and E–W %(east_west)s make %(total)s tricks, not 13",
            "total",
        ),
        "paper_pair_missing": say("Hand %(hand)s: write both pairs' tricks (they make 13)"),
        "paper_hand_same": say("Already entered, and the card agrees"),
        "paper_hand_changed": say("Entered otherwise: the card's tricks will correct it"),
        "paper_hand_later": say("Kept: entered once hand %(before)s is in at every table"),
        "paper_drive_card": say("This is a whist drive's table card: read it from the drive's page"),
        # the same refusals, on a drive's page, for its table cards
        "paper_game_sheet": say(
            "This is a game's score sheet, not a table card: read it from the game's page"
        ),
        "paper_wrong_drive": say("This card belongs to another drive: read it from that drive's page"),
        "paper_card_not_an_image": say(
            "This file is not a photo: take a photo of the table card, or choose a JPEG or PNG"
        ),
        "paper_card_no_marks": say(
            "The card's four black corner squares are not all in the photo: take it again with the whole "
            "card in view, flat and in good light"
        ),
        "paper_card_no_code": say(
            "The card's code (top right) cannot be read in this photo: take it again closer, flat and in "
            "focus, without a shadow over the code"
        ),
        "paper_card_layout_unknown": say(
            "This card was printed by another version of the app (layout %(layout)s): print a new one"
        ),
        "paper_card_photo_missing": say("Choose a photo of the table card first"),
        "paper_not_a_card": say("This photo's code is not one of this app's table cards"),
    }
)
