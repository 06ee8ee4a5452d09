"""The words of mazo's error messages, one table per language: an error raised with a key
(`MazoError.of`) is said in the language the command line speaks (`MazoError.said_in`), and in
English everywhere else (`str(error)`, the library's callers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from mazo.solver.errors import MazoError
from mazo.solver.words import series

EN: dict[str, str] = {
    # cards
    "unknown_card": "unknown card {card}: {why}",
    "any_card": "a card as mazo writes it, such as 12e, QH or *",
    "spanish_cards": "Spanish cards are rank 1-12 and suit o, c, e or b (12e = king of swords)",
    "french_cards": "French cards are rank A, 2-9, T (or 10), J, Q, K and suit S, H, D, C",
    "joker_code": "; joker * (or ★)",
    "not_in_deck": "card {card} is not in this deck ({deck})",
    "too_many_copies": "{count} {what} {given}; the deck ({deck}) has {have}",
    "jokers": "jokers",
    "copies_of": "copies of {card}",
    "in_the_hand": "in the hand",
    "on_the_pozo": "on the pozo",
    "among_the_seen": "among the seen cards",
    # games, options, numbers
    "unknown_game": "unknown game {game}{hint}; known games: {games}",
    "unknown_option": "unknown option {option} for {game}{hint}; options: {options}",
    "did_you_mean": " (did you mean {near}?)",
    "none": "none",
    "lang_takes": "{where} takes {langs}, got {value}",
    "or": " or ",
    "and": " and ",
    "whole_number": "{what} is a whole number, got {value}",
    "out_of_range": "{what}: {shown} is out of range ({minimum} to {maximum})",
    "variant_pair": "--variant takes KEY=VALUE, got {item}",
    "option_value": "option {name} does not take {value}: {allowed}",
    "flag_takes": "{flag} takes {values}, got {value}",
    "flag_one_card": "{flag} takes one card, got {value}",
    "flag_empty": "{flag} is empty: give it one card",
    "variant_twice": "--variant {name} is given twice ({first} and {second}): give it once",
    "option_twice": "{name} is given twice: an option is given once",
    "variant_mapping": "variant is a dict of the game's options ({{name: value}}), not a {kind}",
    "no_cards": "no cards given: name the hand's cards, or `-` to read hands from stdin",
    "empty_hand": "the hand is empty: name its cards",
    "hand_size": "a {game} hand has {size} cards, {more} with the card to discard, or more to "
    "analyse as one arrangement; got {given}",
    "batch_line": "line {n}: {error}",
    # where a mistake is
    "the_field": "field {field}",
    "at": "{where}: {error}",
    # score sheets (planillas)
    "hand_at": "{place} (hand {n})",
    "too_many_hands": "more than {most} hands: a sheet holds one match or game",
    "sheet_unnamed": "the sheet's file name is empty",
    "sheet_unreadable": "cannot read the sheet {path}: {why}",
    "sheet_not_utf8": "{name}: the sheet is not UTF-8 text",
    "one_card_code": "{where}: {what} is one card code, not {value}",
    "close_name": "{where}: close is the name of a close, not {value}",
    "the_cutter": "the cutter",
    "unnamed_cutter": "cutter",
    "unnamed_knocker": "knocker",
    "the_player": "the player",
    "points_of": "{where}: {player}'s points",
    "points_not_whole": "{where}: {player}'s points {value} are not a whole number",
    "nothing": "nothing",
    "entry_neither": "{where}: {player} has {given}: give points (a whole number) or cards",
    "not_a_name": "{where}: {what} {value} is not a player's name",
    "name_too_long": "{where}: {what} {name} is {length} characters long; a name has at most "
    "{most}",
    "for_two": "for two",
    "for_players": "for {least} to {most} players",
    "seats": "{where}: {game} is a game {seats}: the sheet lists {count} players",
    "name_lines": "{where}the player {name} is not a name on one line",
    "two_players": "{where}: a match needs at least two players",
    "listed_twice": "{where}: player {player} is listed twice",
    "start_not_whole": "{where}: {player}'s starting total {value} is not a whole number",
    "start_of": "{where}: {player}'s starting total",
    "sheet_mapping": "a sheet is a mapping: players, start (optional), hands",
    "sheet_key": "unknown key; a sheet has {keys}",
    "hands_list": "expected a list of hands",
    "about_text": "{where}: {key} is text, not {value}",
    "about_lines": "{where}: the {key} {value} is not text on one line",
    "about_long": "{where}: the {key} is {length} characters long; it has at most {most}",
    "players_list": "expected a list of player names in seating order",
    "start_mapping": "expected a mapping of player → starting total",
    "unknown_player": "unknown player {player}; players: {players}",
    "hand_mapping": "{where}: a hand is a mapping of player → points or cards",
    "cards_mapping": "{where}: 'cards' is a mapping of player → cards",
    "row_key": "{where}: unknown key {key}: not a player ({players}) nor a hand's field ({fields})",
    "cards_twice": "{where}: {player}'s cards are given twice",
    "points_under_cards": "{where}: {player} has points ({held}) under 'cards', which holds "
    "cards: give the points beside it ({player}: {held})",
    "cards_and_points": "{where}: {player} has cards and points: give cards or points, not both",
    "csv_unreadable": "{name}: not a readable CSV sheet: {why}",
    "sheet_empty": "{name}: the sheet is empty",
    "column_unnamed": "{name}:1: column {n} has no name",
    "column_twice": "{name}:1: the column {column} appears twice",
    "column_misspelt": "{name}:1: the column {column} looks like {near} misspelt, its rows being "
    "hands: head it {near}",
    "too_many_cells": "{where}: {cells} cells for {columns} columns",
    # the command line's own (click's) usage errors
    "missing_argument": "missing argument {name}",
    "no_such_option": "no such option {name}",
    "possible_options": " (possible options: {options})",
    "needs_value": "option {name} needs a value",
    "takes_no_value": "option {name} takes no value",
    "no_such_command": "no such command {name}",
    "missing_command": "missing command (the commands: mazo --help)",
    "did_you_mean_command": "; did you mean {near}?",
    "extra_arguments": "unexpected extra arguments ({given})",
    "no_points_for": "no points or cards for {sides}",
    "fields_not_here": "{player} has {fields}: a mapping of fields is read by a game of sides "
    "({games}) only; give points (a whole number) or cards",
    "out_cannot_play": "{player} is out of the match and cannot play this hand",
    "start_over_limit": "{where}: {player}'s start total {total} is over the limit ({limit}), "
    "so {player} starts out and cannot play hand {hand}",
    "cutter_with_points": "a cutter is named but the hand gives points, not cards (a row of "
    "points names its cutter only beside its close)",
    "close_without_cutter": "close {close} is written without its cutter: add cutter: NAME",
    "upcard_with_points": "an upcard is given but the hand gives points, not cards",
    "close_wins_for": "the {close} wins the match for its cutter {cutter}, not for {wins}",
    "close_scores": "{cutter} scores {points}, but the {close} scores its cutter {fixed}",
    "out_cannot_win": "{player} is out of the match and cannot win it",
    "unknown_close": "close {close} is not one of {game}'s; write one of its closes: {closes}",
    "neither_points_nor_cards": "{player} has {given}: neither points (a whole number) nor "
    "cards ({error})",
    "cards_or_points": "give every player's cards, or every player's points, not a mix (cards: "
    "{cards}; points: {points})",
    "cards_need_cutter": "a hand given as cards needs its cutter",
    "cutter_out": "the cutter {cutter} is out of the match",
    "cards_make": "the cards make a {made}, not the {written} the row writes",
    "not_elimination": "{game} is not played as an elimination match; games with match play: "
    "{games}",
    "match_won": "the match was already won by {winners}",
    "out_since": "{player} is out of the match since {where} and cannot play this hand; if "
    "{player} came back then, name {player} in that row's reenter",
    "reenter_went_out": "{player} was not eliminated in this hand, so cannot re-enter: "
    "{player} went out at {where}; name {player} in that row's reenter",
    "reenter_is_in": "{player} was not eliminated in this hand, so cannot re-enter: {player} "
    "is in, at {total}; reenter goes in the row of the hand in which {player} goes past the limit",
    "reenter_not_out": "{player} was not eliminated in this hand, so cannot re-enter",
    "reenter_unknown": "unknown player {player} in reenter",
    "reenter_twice": "{player} is named twice in reenter",
    "reenganche_off": "reenganche is off for this match",
    "once": "once",
    "times": "{n} times",
    "reentered": "{player} has already re-entered {times}",
    "nobody_left": "{player} cannot re-enter: nobody is left at or under the limit",
    "game_won": "the game was already won by {winner}",
    "not_to_target": "{game} is not a game to a target where only each hand's winner scores",
    "target_no_start": "{where}: a game to a target has no start totals: its lines and shutout "
    "come from the hands won, so give every hand played",
    "target_no_reentry": "a game to a target has no re-entry and no outright win",
    "winner_only": "only the hand's winner scores, and never below zero: {points}",
    "sheet_or_players": "give the score sheet (a file, or - for stdin) or --players for a "
    "blank planilla",
    "sheet_and_players": "give the score sheet or --players, not both",
    "sheet_stdin": "`-` reads the sheet from stdin: pipe it in (mazo match GAME - < FILE)",
    "rival_pair": '--rival takes NAME="CARDS", got {item}',
    "cutter_needed": "name the closer's cards with --cutter to score a hand of {game}",
    "not_for_game": "{flag} does not apply to {game}: it is for {kind} scoring",
    "oklahoma_upcard": "under Oklahoma every hand has an upcard, which sets its knock limit: "
    "give it (--upcard, or upcard: on the sheet's row)",
    "acomodos_for": "{answers} rivals' acomodos for {rivals} rivals",
    "close_only_by": "{name} could close only by discarding {card}, the card just taken from "
    "the pozo",
    "cannot_close_by": "{name} cannot close by discarding {card}, the card just taken from the "
    "pozo",
    "most_allowed": " (most allowed: {most})",
    "no_close": "{name}'s cards make no close: {points} loose points{most}",
    "no_closes": "{game} has no closes: its hands end without a cut or a knock, so there is "
    "no close to score",
    "no_knock": "{name} cannot knock: {points} points of deadwood{most}",
    "one_rival": "name at least one rival",
    "exactly_one_rival": "{game} is scored between two players: name exactly one rival",
    "empty_name": "a player's name is empty: give every player a name",
    "named_twice": "player {player} is named twice",
    "has_cards": "{name} has {count} cards; {game} needs {want}",
    "dealt_to": "dealt to {name}",
    "dealt_to_one": "dealt to {name}",
    "missing_field": "missing field '{field}'",
    "expected_mapping": "expected a mapping",
    "expected_list": "expected a list",
    "expected_whole": "expected a whole number, got {value}",
    "at_least": "must be at least {minimum}, got {value}",
    "at_most": "must be at most {maximum}, got {value}",
    "expected_flag": "expected true or false, got {value}",
    "expected_word": "expected a word, got {value}",
    "expected_one_of": "expected one of {choices}, got {value}",
    "expected_names": "expected text in both languages: {{es: ..., en: ...}}",
    "unknown_field": "unknown field {field}{hint}",
    "rules_unreadable": "cannot read the rules file: {why}",
    "rules_not_stdin": "the rules are read from a file, not from standard input: name it (a "
    "file called - is ./-)",
    "not_utf8": "byte {byte} is not UTF-8: save the file as UTF-8",
    "file_empty": "the file is empty",
    "malformed_yaml": "malformed YAML: {why}",
    "yaml_character": "malformed YAML: the character U+{code} is not allowed (control "
    "characters are not text)",
    "alias_loop": "an alias nests a value inside itself (an alias loop)",
    "too_deep": "values nest more than {most} levels deep",
    "too_many_values": "more than {most} values (aliases expand)",
    "tag_refused": "the tag {tag} is not allowed: specs hold plain data only",
    "plain_keys": "mapping keys must be plain words or numbers",
    "key_twice": "the key {key} appears twice",
    "text_too_long": "a text of more than {most} characters",
    "unreadable_value": "unreadable value: {why}",
    "game_or_rules": "name a game or a rules file",
    "rules_mapping": "a rules file is a mapping of fields",
    "rules_for": "this rules file is for {game}, not {given}: name {game} on the command line",
    "game_name": "expected the name of a game",
    "rules_names_game": "a rules file names the game it changes: add {hint} (or write a whole "
    "spec)",
    "extends_but": "the file extends {base} but its game is {named}: leave 'game:' out or "
    "write 'game: {base}'",
    "name_taken": "{name} names {owner}: a whole spec takes a name of its own",
    "spec_mapping": "a spec is a mapping of fields",
    "set_by_option": "this field is set by option {option}; write 'variant: {{{name}: ...}}' "
    "instead",
    "option_writes": "expected a mapping (option {option} writes into it)",
    "output_unnamed": "the output file name is empty",
    "cannot_write": "cannot write {path}: {why}",
    "write_the_game": "cannot write {path}: it is the file of the game",
    "write_not_pdf": "cannot write {path}: it is there already and is not a PDF",
    "write_same": "cannot write {path}: it is the same file as {same}",
    "write_link": "cannot write {path}: it links to {target}, whose folder does not exist",
    "write_no_folder": "cannot write {path}: its folder does not exist",
    "write_folder": "cannot write {path}: its folder is not writable",
    "write_not_file": "cannot write {path}: it is not a regular file",
    "write_folder_named": "{path} names a folder: name a file, e.g. {example}",
    "write_pdf_suffix": "{path} is written as a PDF: name a file that ends in .pdf, e.g. {example}",
    "write_read": "cannot write {path}: it is the file this command reads",
    "pdf_terminal": "a PDF is not printed on a terminal: name a .pdf file, or pipe it",
    "stdout_twice": "{flag} {path} and --json both print on standard output: choose one",
    "link_loop": "its symbolic links go round in a loop",
    "name_too_long_for_fs": "the name is too long for the file system",
    "file_in_use": "{path} is being written by another mazo (the same game played twice?): "
    "finish or leave that one first",
    # the system's reasons, in its own English words
    "os_enoent": "No such file or directory",
    "stdout_unwritable": "cannot write standard output: {why}",
    "stdout_is_closed": "it is closed",
    "and_unwritable": "{message} (and {why})",
    "file_failed": "{path}: {why}",
    "os_eacces": "Permission denied",
    "os_eperm": "Operation not permitted",
    "os_erofs": "Read-only file system",
    "os_enospc": "No space left on device",
    "os_edquot": "Disk quota exceeded",
    "os_eisdir": "Is a directory",
    "os_enotdir": "Not a directory",
    "os_eexist": "File exists",
    "stdin_closed": "standard input is closed: pipe {what} in, one per line",
    "stdin_empty": "standard input holds no line to answer: pipe {what} in, one per line",
    "the_positions": "the positions",
    "the_hands": "the hands",
    "stdin_unreadable": "cannot read standard input: {why}",
    "line_not_utf8": "the line is not UTF-8 text",
    "bad_json": "not valid JSON: {why}",
    "json_too_deep": "too large or too deep",
    "not_a_number": "{name} is not a number",
    "json_object": 'a JSON line is an object with a "hand": {{"hand": ["1o", "2o", ...]}}',
    "json_hand": 'a JSON line needs a "hand": {{"hand": ["1o", "2o", ...]}}',
    "line_twice": "{key} is given twice in the line: give it once",
    "field_takes": "{key} takes {wanted}, got {value}",
    "wants_cards": "card codes: one string or a list of strings",
    "wants_card": "one card code",
    "wants_melds": 'melds: "MELD; MELD" or a list of melds',
    "wants_whole": "a whole number",
    "wants_seconds": "a number of seconds",
    "wants_backend": "auto, search or cpsat",
    "wants_variant": "a mapping of option → value",
    "wants_scalar": "one value (text, number or true/false)",
    "odds_no_cards": "--deal, --build and --plot take no cards: they are about every deal",
    "plot_needs_deal": "--plot draws the chances of a random deal: give it with --deal",
    "cards_or_deal": "give the hand's cards, or --deal for a random deal",
    "odds_turn": "{game}'s turn is not one draw and one discard, which the table models",
    "odds_reach": "{game} is out of reach of an exact table: about {resting} hands of {size} "
    "cards up to suit order ({after} after the draw; a table stops at {most})",
    "odds_deck": "the compiled search does not take {game}'s deck or closes",
    "odds_no_discard": "{game} has a close without a discard, which the table does not model",
    "not_resting": "this hand is not one of the table's resting hands",
    "odds_size": "mazo odds takes {size} cards (a resting hand) or {more} (after the draw), "
    "got {given}",
    "advise_no_cards": "no cards given: name the hand's cards, or `-` to read from stdin",
    "not_for_advise": "{name} does not apply to advise",
    "line_horizon": '"horizon" is 1, 2 or "optimal", got {value}',
    "line_seen": '"seen" is a list of card codes or one string',
    "line_pozo_top": '"pozo_top" is one card code',
    "unknown_backend": "unknown backend {backend}; backends: {backends}",
    "advise_size": "advise takes the hand before drawing, {size} cards; got {given}",
    "all_seen": "no card is left unseen: there is nothing to draw",
    "advise_turn": "advise needs a game whose turn is draw one card, then discard one; {game} "
    "plays otherwise",
    "advise_oklahoma": "advise plays without Oklahoma: each hand's upcard sets its knock "
    "limit, and advise takes none (knock_limit sets it; leave oklahoma off)",
    "horizon_takes": "the horizon ({{option}}) is 1, 2 or optimal, got {value}",
    "horizon_table": "the optimal horizon ({{option}}) needs an odds table: {why}",
    "only_the_pozo_top": "the hand has no card to discard but the pozo top",
    "separate_needs_file": "--answers separate needs -o FILE.pdf (the key goes beside it)",
    "no_puzzle_kinds": "{game} lists no puzzle kinds",
    "kind_all_alone": "--kind all takes no other kind beside it",
    "no_kind_here": "{game} has no puzzle kind under these rules",
    "key_only_file": "--key-only prints the key on the terminal: it takes no -o FILE",
    "split_file": "--split writes one file per version: name it with -o FILE.pdf",
    "split_versions": "--split writes one file per version: it needs --versions 2 or more",
    "kind_empty": "--kind names an empty kind: {kinds}",
    "kind_twice": "--kind names {kinds} more than once",
    "versions_range": "--versions takes 1 to {most}, got {value}",
    "n_at_least": "-n must be at least 1, got {value}",
    "n_fewer": "-n {n} is fewer than the {kinds} kinds asked for",
    "no_puzzles": "{game} offers no puzzles (its spec has no 'puzzles: kinds:')",
    "unknown_kind": "{game} has no puzzle kind {kind}; it offers: {kinds}",
    "n_between": "-n must be between 1 and {most}, got {value}",
    "n_between_kind": "-n must be between 1 and {most} for {kind} puzzles (each position is an "
    "exact analysis of every card the next two draws can bring), got {value}",
    "flag_range": "{flag} takes {least} to {most}, got {value}",
    "record_empty": "the file is empty: a game record starts with its game line",
    "record_not_stdin": "a game record is read from its file, not from standard input: name "
    "it (a file called - is ./-)",
    "record_line_long": "a line of {size} bytes, more than {most}: not a game record",
    "record_not_utf8": "not UTF-8 text: not a game record",
    "record_deep": "not a JSON object mazo can read (nested too deep, or a number too long)",
    "record_not_json": "not JSON ({why}, column {column}): a record has one JSON object per line",
    "record_not_object": "{kind}, not an object: each line of a record is one event",
    "json_list": "a JSON array",
    "json_str": "a JSON string",
    "json_number": "a JSON number",
    "json_bool": "JSON's true or false",
    "json_NoneType": "JSON's null",
    "record_no_event": "no 'event' field: each line names its event",
    "record_unknown_event": "unknown event {event}; the events are {events}",
    "record_first_line": "the first line is a {event} event: a record starts with its game line",
    "record_no_format": "the game line has no 'format'",
    "record_format": "format {given}: this version of mazo reads records of format {format}",
    "record_seats": "{game} seats {least} to {most} players, not {count}",
    "record_rules_not_file": "the rules file {rules} is not a regular file",
    "record_rules_file": "the rules file {rules} is not there: looked for {found} (a relative "
    "path is from the record's folder)",
    "seats_names": "--seats names the bots, one per seat: --seats novice,novice",
    "seats_blank": "--seats {seats}: seat {n} is empty; name a bot for each seat, with a comma "
    "between: --seats novice,novice",
    "simulate_game": "name the game: mazo simulate GAME --seats A,B (see `mazo games`)",
    "simulate_one_game": "one game, not {words} words: mazo simulate GAME --seats A,B (--merge "
    "takes files)",
    "record_unnamed": "--record takes a folder's name, not an empty one",
    "cannot_make": "cannot make {path}: {why}",
    "record_not_folder": "--record {path} is not a folder",
    "record_holds": "--record {path} already holds records of these deals ({name}): give an "
    "empty or new folder",
    "record_folder": "cannot write into {path}: the folder is not writable",
    "merge_run": "--merge reads reports: {flag} is for a run",
    "merge_files": "--merge takes the JSON reports of a run's shards: give the files",
    "shard_takes": "--shard takes K/N (the K-th of N shares), got {value}",
    "shard_range": "--shard K/N needs 1 <= K <= N, got {value}",
    "deals_at_least": "-n is the number of deals, at least 1, not {value}",
    "shard_empty": "--shard {shard}: with -n {deals}, {count} shares leave some empty",
    "n_players": "{n} players",
    "players_range": "{least} to {most} players",
    "seats_count": "{game} seats {players}: --seats gives {count}",
    "rule_twice": "{name} is given both on the command line and in the line: a rule is given once",
    "not_played_as": "{game} is not played as {kind}",
    "record_needs": "a {event} line needs the field '{field}'",
    "record_field": "field '{field}': {error}",
    "record_second_game": "a second game line: a record holds one game, its first line",
    "record_undo_untrained": "a move taken back in a game not played for training (its game "
    'line does not say "training": true)',
    "record_players": "field 'players' names each player once, and at least one",
    "expected_choices": "expected a list of distinct allowed values",
    "expected_value": "expected one value",
    "path_or_sets": "an option needs exactly one of 'path' or 'sets'",
    "expected_sets": "expected a mapping of value → fields to set",
    "expected_path": "expected a dotted path, like closes.cut.max_deadwood",
    "no_settings": "no settings for the value(s) {values}",
    "expected_says": "expected text in both languages, or a text per value",
    "no_words": "no words for the value(s) {values}",
    "no_book_lang": "no rulebook language {lang}; choose one of {langs}",
    "merge_one": "--merge takes the JSON reports of a run's shards: give at least one",
    "merge_whole": "cannot merge {path}: it is a whole run's report, not a shard's (--shard K/N)",
    "merged_shard": "cannot merge {path}: shard {shard} is given twice",
    "merged_already": "cannot merge {path}: it holds deals already merged",
    "merge_other_run": 'cannot merge {path} with {first}: another run (its "{field}" is '
    "{theirs}, not {mine})",
    "merge_not_shards": "cannot merge {path} with {first}: they are not shards of one run "
    "(--shard K/N with the same N)",
    "not_a_report": "{path} is not the JSON of a `mazo simulate` run",
    "report_deals_missing": "{path} holds {held} of its {deals} deals, yet says the run "
    "was not stopped: a deal was left out",
    "no_rank_value": "no value for rank {rank}",
    "no_rank": "the deck has no rank {rank}",
    "points_or_deadwood": "expected a number of points or 'deadwood'",
    "within": "must be within ±{most}, got {value}",
    "close_needs_limit": "a close needs one_meld, max_deadwood or max_loose_cards",
    "close_needs_score": "a close needs a score or an effect",
    "no_close_named": "no close {close}; closes: {closes}",
    "max_players_low": "must be at least min_players",
    "target_or_elimination": "a match is played to a target or by elimination, not both",
    "target_field": "'{field}' belongs to a game played to a target",
    "kind_listed_twice": "a kind is listed twice",
    # mazo play and mazo review
    "record_at": "{where}: {why}",
    # the referee
    "ref_after_game_end": "a line after the game_end line",
    "ref_no_game_end": "the record stops before its game_end line",
    "ref_deal_in_round": "a deal before round {round} has ended",
    "ref_deal_after_won": "a deal after the match was won: the game_end comes next",
    "ref_deal_round": "round {given}, but this is round {round}",
    "ref_mano_out": "the mano, {mano}, is not a player still in",
    "ref_wrong_mano": "{given} is mano, but the rules make {mano} mano",
    "ref_wrong_dealer": "{given} deals, but the dealer is {dealer}",
    "ref_hand_not_playing": "a hand for {name}, who is not playing this round",
    "ref_no_hand": "no hand for {name}",
    "ref_hand_size": "{name} is dealt {held} cards, not {size}",
    "ref_pozo_start": "the pozo starts with {count} cards, not {upcards}",
    "ref_dealt_twice": "{cards} dealt more often than the deck holds",
    "ref_not_dealt": "{cards} not dealt: every card is dealt once",
    "ref_no_round": "no round is being played: a deal comes first",
    "ref_other_round": "round {given}, but round {round} is played",
    "ref_turn_after_end": "a turn after the round has ended: its round_end comes next",
    "ref_not_their_turn": "{player} plays, but it is {turn}'s turn",
    "ref_no_throw": "no card thrown, and no cut",
    "ref_throw_not_held": "throws the {card}, not held",
    "ref_opening_draw": "the mano's opening turn throws a card without drawing",
    "ref_offer": "the first upcard is offered: take it (pozo) or pass",
    "ref_no_draw": "no draw: only the mano's opening discard has none",
    "ref_pass": "a pass answers only the first upcard's offer",
    "ref_upcard_passed": "takes the first upcard after both players passed it",
    "ref_the_stock": "stock",
    "ref_the_pozo": "pozo",
    "ref_pile_empty": "draws from the {pile}, which is empty",
    "ref_not_top": "draws the {card} from the {pile}, whose top card is the {top}",
    "ref_cut_pozo_card": "cuts throwing the {card}, just taken from the pozo",
    "ref_without_discard": "without a discard",
    "ref_throwing": "throwing the {card}",
    "ref_no_close": "cuts {how}, but the cards kept make no close",
    "ref_close_is": "the close is {close}, not {given}",
    "ref_not_meld": "{cards} is not a valid meld",
    "ref_loose": "the loose cards are {loose}, not {given}",
    "ref_no_recycle": "these rules never turn the pozo into a new stock",
    "ref_recycle_early": "the pozo is recycled only when the stock is empty",
    "ref_recycle_keeps": "the pozo keeps {kept}, not {given}",
    "ref_recycle_extra": "the new stock holds {cards}, which the pozo did not",
    "ref_recycle_missing": "the new stock lacks {cards}, of the pozo shuffled into it",
    "ref_end_no_cut": "the round ends, but no one has cut",
    "ref_points": "the points are {points}, not {given}",
    "ref_passed_by": '"passed_by" is {passed}, not {given}',
    "ref_void": "the stock ran down: the hand is void (no cutter)",
    "ref_void_layoffs": "a void hand has no lay-offs and no loose cards",
    "ref_cut_with": "{player} cut with a {close}",
    "ref_not_rival": "lay-offs or loose cards for {name}, not a rival here",
    "ref_no_layoff": "no one lays off after a {close}",
    "ref_rival": "{name} {error}",
    "ref_no_comeback": "{names} may not come back now",
    "ref_eliminated": '"eliminated" is {out}, not {given}',
    "ref_totals": "the totals are {totals}, not {given}",
    "ref_won_reason": "the match was won ({reason}), not {given}",
    "ref_not_decided": 'the match is not decided: it cannot end with "reason": "{reason}"',
    "ref_ends_in_round": "the game ends during round {round}",
    "ref_no_one": "no one",
    "ref_winner": "the winner is {winner}, not {given}",
    "ref_winners": "the winners are {names}",
    "ref_final": "the final scores are {final}, not {given}",
    "ref_forfeit_out": "{player} forfeits, but is not playing",
    "ref_forfeit_asked": "{player} forfeits, but the game was waiting on {asked}: a forfeit is "
    "the answer of a player being asked",
    "ref_no_points": "none",
    "review_illegal": "{where}: {why} (mazo replay --check tells whether a record is legal; only a "
    "legal one is reviewed)",
    "laid_beyond": "the melds use {cards} beyond the cards kept",
    "laid_not_best": "the melds leave {points} loose points ({cards}); the best split of the "
    "kept cards leaves {fewest}",
    "laid_onto": "lays off onto meld {onto}, but the cutter laid down {count} (counted from 0)",
    "laid_joker": "lays off a joker, which these rules do not allow",
    "laid_not_in_hand": "lays off {cards}, not in hand",
    "laid_keeps": "keeps {points} loose points; its best acomodo leaves {best}",
    "laid_no_fit": "{cards} onto {meld} makes no valid {kind}",
    "laid_loose_not_kept": "its loose cards name {cards}, not among the cards it kept",
    "laid_loose_points": "its loose cards count {points} points; its best melds leave {fewest}",
    "laid_no_melds": "{cards}, the cards it does not leave loose, make no melds",
    "play_gives_other": "the game gives {event} where the record has {recorded}",
    "play_gives_value": "in {recorded}, the game gives {key} {value} where the record has {held}",
    "play_round_n": "round {n}",
    "play_to_draw": "draw",
    "play_to_discard": "discard",
    "play_to_reenter": "reenter",
    "play_asks": "the game asks {person} to {decision} where it has {event}",
    "play_illegal_answer": "{person}'s {decision} {answer} is illegal ({reason})",
    # mazo play and mazo review, continued
    "play_game_over": "the game is over: there is nothing to resume",
    "play_damaged": "damaged: {why}; the game cannot be resumed from it",
    "play_flag_file": "{flag} takes a file name: the game itself prints on standard output",
    "play_resume_flag": "{flag} and --resume: a game goes on with its record's {flag}",
    "play_record_of": "{file}: a record of {found}, not of {wanted}",
    "play_not_training": "{file} was not played for training: --training starts a game, a "
    "resumed one keeps how it was played",
    "play_record_folder": "--record {path} is a folder: --record names a new file for the record",
    "rulebook_suffix": "-o {path} names another format than --format {fmt}: give one of the two, "
    "or a name that ends in .{fmt}",
    "play_record_link": "--record {path} is a link to a file that is not there: --record names "
    "a new file for the record, not a link",
    "play_record_there": "--record {path}: the file is there already; {then}",
    "play_then_resume": "a stopped game goes on with --resume {path}",
    "play_then_without": "the game goes on in {path} without --record",
    "play_seats_empty": "--seats names the bots by level, comma separated: {levels}",
    "play_cannot_make": "cannot make {folder} for the game's record: {why}; name one with --record",
    "play_cannot_write": "cannot write {path} for the game's record: {why}; name one with --record",
    "play_stdin_closed": "standard input is closed: mazo play reads the moves from it",
    "play_name_shown": "--name takes a name to show, got {name}",
    "play_name_long": "--name takes a name of at most {most} characters (a wide character counts "
    "two), got {width}: {name}",
    "play_seats_one": "{game} takes exactly one bot beside you, not {n}",
    "play_seats_some": "{game} takes 1 to {most} bots beside you, not {n}",
    "play_unknown_level": "unknown level {level}; the levels: {levels}",
    "forfeit_not_play": "a discard is Play(card, cut); got {got}",
    "forfeit_no_close": "no card thrown, and the cards make no close without one",
    "forfeit_not_card": "{got} is not a card of this deck",
    "forfeit_not_held": "threw the {card}, a card not held",
    "forfeit_no_cut": "cut throwing the {card}, which does not close",
    "forfeit_reenter": "reenter answers True or False; got {got}",
    "forfeit_draw": "draw answers 'stock' or 'pozo'; got {got}",
    "forfeit_draw_offer": "draw answers 'stock', 'pozo' or 'pass'; got {got}",
    "forfeit_pass": "'pass' is an answer only to the first upcard's offer",
    "forfeit_empty_pozo": "took from an empty pozo",
    "forfeit_passed_upcard": "took the first upcard after both players passed it",
    "forfeit_raised": "{decision} raised {error}",
    "play_not_playable": "{game} cannot be played yet: only games whose turn is draw one card, "
    "discard one (Conga, Chinchón, Gin Rummy) have an engine",
    "review_not_player": "{file}: {player} did not play in this game; its players: {players}",
    "review_which_player": "{file}: say whose decisions to review with --player; its players: "
    "{players}",
    # games: reports, sessions, records
    "resume_seats": "its seats are {seats}: a game to resume has one seat {human} and the others "
    "bots' levels ({levels})",
    "resume_seed": "its seed is {seed}, not a whole number",
    "resume_pending": "a pending draw is the person's, 'stock' or 'pozo', and the record's last "
    "line",
    "record_wrong": "field '{field}' is {value}: it is {want}",
    "want_text": "text",
    "want_text_or_null": "text or null",
    "want_whole": "a whole number",
    "want_seed": "a whole number from 0, or null",
    "want_flag": "true or false",
    "want_names": "a list of names",
    "want_object": "an object",
    "want_card": "a card's code",
    "want_cards": "a list of cards' codes",
    "want_draw": "null, 'stock', 'pozo' or 'pass'",
    "want_melds": "a list of melds, each a list of cards",
    "want_layoffs": "a list of lay-offs",
    "want_layoff": 'a list of {{"cards": [...], "onto": N}}',
    "record_control": "{where} holds a control character (an escape sequence's, a line break): a "
    "record's names and texts are printable",
    "record_control_key": "the name of field '{field}'",
    "seats_same_name": "two seats have the same name",
    "deck_cannot_deal": "a deck of {size} cards cannot deal {count} hands of {hand}",
    "no_match_to_play": "{game} has no match to play: no elimination limit and no target",
    "deals_process_died": "a process playing the deals died (killed, out of memory, or a seat "
    "that ended it): run with --jobs 1 to see which deal",
    "shell_unknown": "cannot tell which shell this is: name it ({flag} {shells})",
    "shell_install": "cannot install completion: {place}: {why}",
    # puzzles, specs, seats, files, the API
    "cannot_read_it": "cannot read it: {why}",
    "not_regular_file": "not a regular file (a folder, a device or a pipe)",
    "larger_than": "larger than {limit} bytes",
    "seat_bad": "seat {seat}: {why}; a seat is a level ({levels}), module:attr or "
    "path/to/file.py:Name",
    "seat_made_for": "seat {seat}, made for deal {deal}: {why}",
    "seat_no_level": "no such level",
    "seat_colon": "a module or file and a name, with a colon between",
    "seat_no_attribute": "{where} has no attribute {attr}",
    "seat_not_player": "{name} is not a player: it has no {missing}",
    "seat_raised": "{what} raised {error}: {message}",
    "seat_no_module": "no module named {name}",
    "seat_importing": "importing {raised}",
    "seat_no_file": "no file {path}",
    "seat_not_python": "{path} is not a Python file",
    "kind_not_here": "{game} has no {kind} puzzles under these rules: {why}",
    "no_lay_off_close": "no close lets the rivals lay off",
    "lay_off_shadowed": "with {rule} every {close} is a {first} first, where rivals lay "
    "nothing off",
    "the_option_set": "option {name}={value}",
    "difficulty_takes": "--difficulty takes {levels}, got {value}",
    "difficulty_never": "{kind} puzzles of {game} are never {level}: --difficulty takes "
    "{levels} for them",
    "puzzles_too_few": "found only {found} of {count}{level} {kind} puzzles{each} with a unique "
    "answer for {game} in {dealt} deals; ask for fewer (-n) or another --difficulty",
    "each_sheet": " ({asked} a sheet for {versions} versions)",
    "puzzles_one_answer": "found only {kind}{level} puzzles whose answer is {answer} for {game} "
    "in {dealt} deals, and a sheet is never all one answer; ask for another --difficulty",
    "expected_suits": "expected a list of distinct suits from {suits}",
    "expected_ranks": "expected a list of distinct ranks in play order, each one of {ranks}",
    "max_len_below": "max_len {most} is below min_len {least}",
    "naturals_overflow": "more naturals than the meld can hold",
    "no_meld_kind": "no meld kind {kind}; kinds: {kinds}",
    "max_jokers_below": "max_jokers is below min_jokers",
    "expected_name_list": "expected a list of names",
    "hand_over_deck": "a hand of {hand} + 1 needs more than the deck's {size} cards",
    "expected_name": "expected a name",
    "variant_name_long": "a name of at most {most} characters (it heads pages)",
    "offer_needs_upcard": "an upcard is offered ('upcard_offer: true') only if one is turned up "
    "('upcard: true')",
    "offer_needs_no_extra": "a mano dealt an extra card opens by discarding it, so no upcard is "
    "offered ('upcard_offer: true' needs 'mano_extra: 0')",
    "void_stock_needs_void": "'void_stock' voids a hand only with 'stock_out: void' (it is "
    "{stock_out})",
    "offered_to_non_dealer": "the upcard is offered to the non-dealer",
    "loser_deals": "the hand's loser deals",
    "a_game_of_two": "{rule}: a game of two ('match: {{max_players: 2}}')",
    "void_stock_too_big": "must be below what a deal for two leaves in the stock ({stock}), or "
    "every hand is void before it is played",
    "oklahoma_needs_upcard": "Oklahoma (scoring.oklahoma.enabled) needs the first upcard",
    "section_needs_mechanism": "a '{section}:' section needs 'mechanism: {mechanism}'",
    "not_this_mechanism": "{game} is not played by the {mechanism} mechanism",
    "no_oklahoma": "{game} has no Oklahoma rule: an upcard changes nothing",
    "oklahoma_off": "Oklahoma is off in these rules: an upcard changes nothing (turn it on with "
    "--variant oklahoma=true)",
    "upcard_joker": "the upcard is a joker: Oklahoma reads a natural card",
    "search_refused": "the search back end {why}; use cpsat",
    "search_not_in_use": "is not in use ({why})",
    "how_to_compile": "install a mazo wheel built for this platform, or reinstall with a C "
    "compiler and the Python headers, past pip's cache of built wheels: pip install "
    "--force-reinstall --no-cache-dir --no-binary mazo mazo (from a checkout: pip install "
    "--force-reinstall --no-cache-dir .)",
    "not_built": "it was not built at install: no C compiler, or no Python headers, were found",
    "does_not_load": "it does not load: {error}",
    "odds_needs_tables": "mazo odds needs its compiled tables, and {why}; to get them, {how}",
    "odds_needs_search": "mazo odds needs the compiled meld search, and {why}; to get it, {how}",
    "search_slow": "the compiled search is not in use ({why}), so hands go through CP-SAT, much "
    "slower; to get it, {how}",
    "table_not_kept": "the table was not kept: {why}",
    "cache_file_in_way": "{place} is a file, where the cache needs a folder",
    "search_untested": "does not test every rule of this spec's closes, or a card value, limit "
    "or size passes {most}",
    "search_cards": "takes up to {most} cards from a one-copy deck",
    "pozo_card_not_held": "the card taken from the pozo, {card}, is not in the hand",
    "option_given_twice": "option {name} is given twice, on its own and in the variant: give "
    "it once",
    "option_not_for": "option {name} does not apply to {entry}; it takes {takes}",
    "not_a_position_option": "option {{option}} does not apply to {game}; its position options: "
    "{options}",
    # rules files and rulebooks
    "when_empty": "expected a value or a list of values",
    "when_option": "option",
    "when_rule": "rule",
    "when_no_value": "{what} {name} has no value {value}: {values}",
    "when_no_option": "no option {name} to test in 'when'",
    "unknown_placeholder": "unknown placeholder {{{name}}}",
    "expected_card_codes": "expected card codes",
    "more_cards_than": "more than {most} cards",
    "expected_one_card": "expected one card",
    "generated_table": "{name} is a generated table",
    "expected_two_players": "expected two players' names",
    "expected_points_pair": "expected each player's points: [a, b]",
    "expected_a_hand": "expected at least one hand",
    "expected_start_pair": "expected each player's starting total: [a, b]",
    "expected_cover": "expected card codes or {{cards, when}}",
    "row_per_heading": "every row needs one cell per heading",
    "no_table_here": "no {name} table: {why}",
    "no_table_named": "no table named {name}",
    "no_example_id": "no example with id {name}",
    "example_twice": "a second example with id {name}",
    "example_needs": "an example needs 'hand:' (solved) or 'groups:' (drawn)",
    "solved_key": "'{key}:' belongs to a solved 'hand:'",
    "pozo_in_hand": "the card taken from the pozo must be in the hand",
    "table_melds": "a table is melds separated by ';', got {value}",
    "positive_seconds": "{what} is a positive number of seconds (at most {most}), got {value}",
    "book_example": "example {name}: {error}",
    "no_book_table": "no table named {name} in this rulebook",
    "game_table_needs": "the game table needs 'prose.game' and a match target",
    "cpsat_stopped": "CP-SAT stopped after {seconds}s without an answer ({status})",
}

ES: dict[str, str] = {
    "unknown_card": "carta desconocida {card}: {why}",
    "any_card": "una carta como la escribe mazo, por ejemplo 12e, QH o *",
    "spanish_cards": "las cartas españolas van del 1 al 12, de palo o, c, e o b (12e = rey de "
    "espadas)",
    "french_cards": "las cartas francesas van de A, 2-9, T (o 10), J, Q, K, de palo S, H, D, C",
    "joker_code": "; comodín * (o ★)",
    "not_in_deck": "la carta {card} no está en esta baraja ({deck})",
    "too_many_copies": "{count} {what} {given}; la baraja ({deck}) tiene {have}",
    "jokers": "comodines",
    "copies_of": "copias de {card}",
    "in_the_hand": "en la mano",
    "on_the_pozo": "en el pozo",
    "among_the_seen": "entre las cartas vistas",
    "unknown_game": "juego desconocido {game}{hint}; los juegos: {games}",
    "unknown_option": "{game} no tiene la opción {option}{hint}; sus opciones: {options}",
    "did_you_mean": " (¿quisiste decir {near}?)",
    "none": "ninguna",
    "lang_takes": "{where} lleva {langs}, no {value}",
    "or": " o ",
    "and": " y ",
    "whole_number": "{what} lleva un número entero, no {value}",
    "out_of_range": "{what}: {shown} está fuera de rango (de {minimum} a {maximum})",
    "variant_pair": "--variant lleva CLAVE=VALOR, no {item}",
    "option_value": "la opción {name} no admite {value}: {allowed}",
    "flag_takes": "{flag} lleva {values}, no {value}",
    "flag_one_card": "{flag} lleva una carta, no {value}",
    "flag_empty": "{flag} está vacío: lleva una carta",
    "variant_twice": "la opción {name} de --variant está dos veces ({first} y {second}): dala "
    "una sola vez",
    "option_twice": "{name} está dos veces: cada opción se da una sola vez",
    "variant_mapping": "variant es un dict de las opciones del juego ({{nombre: valor}}), no un "
    "{kind}",
    "no_cards": "faltan las cartas: nombrá las cartas de la mano, o - para leer manos de la "
    "entrada",
    "empty_hand": "la mano está vacía: nombrá sus cartas",
    "hand_size": "una mano de {game} tiene {size} cartas, {more} con la carta a tirar, o más "
    "para analizarla como una sola combinación; llegaron {given}",
    "batch_line": "línea {n}: {error}",
    "the_field": "campo {field}",
    "at": "{where}: {error}",
    "hand_at": "{place} (mano {n})",
    "too_many_hands": "más de {most} manos: una planilla es de una sola partida",
    "sheet_unnamed": "el nombre del archivo de la planilla está vacío",
    "sheet_unreadable": "no se puede leer la planilla {path}: {why}",
    "sheet_not_utf8": "{name}: la planilla no es texto UTF-8",
    "one_card_code": "{where}: {what} es el código de una carta, no {value}",
    "close_name": "{where}: close es el nombre de un cierre, no {value}",
    "the_cutter": "el que cortó",
    "unnamed_cutter": "Cortador",
    "unnamed_knocker": "Cortador",
    "the_player": "el jugador",
    "points_of": "{where}: los puntos de {player}",
    "points_not_whole": "{where}: los puntos de {player}, {value}, no son un número entero",
    "nothing": "nada",
    "entry_neither": "{where}: {player} tiene {given}: escribí puntos (un número entero) o cartas",
    "not_a_name": "{where}: {what} {value} no es el nombre de un jugador",
    "name_too_long": "{where}: {what} {name} tiene {length} caracteres; un nombre tiene a lo "
    "sumo {most}",
    "for_two": "de a dos",
    "for_players": "de {least} a {most} jugadores",
    "seats": "{where}: {game} es un juego {seats}: la planilla tiene {count} jugadores",
    "name_lines": "{where}el jugador {name} no es un nombre de una sola línea",
    "two_players": "{where}: una partida necesita por lo menos dos jugadores",
    "listed_twice": "{where}: el jugador {player} está dos veces",
    "start_not_whole": "{where}: el total inicial de {player}, {value}, no es un número entero",
    "start_of": "{where}: el total inicial de {player}",
    "sheet_mapping": "una planilla tiene players, start (si hace falta) y hands",
    "sheet_key": "clave desconocida; una planilla tiene {keys}",
    "hands_list": "acá va una lista de manos",
    "about_text": "{where}: {key} es un texto, no {value}",
    "about_lines": "{where}: {key} {value} no es texto de una sola línea",
    "about_long": "{where}: {key} tiene {length} caracteres; tiene a lo sumo {most}",
    "players_list": "acá va la lista de los nombres de los jugadores, en el orden en que se "
    "sientan",
    "start_mapping": "acá va cada jugador con su total inicial",
    "unknown_player": "jugador desconocido {player}; los jugadores: {players}",
    "hand_mapping": "{where}: una mano da, para cada jugador, sus puntos o sus cartas",
    "cards_mapping": "{where}: en cards va cada jugador con sus cartas",
    "row_key": "{where}: clave desconocida {key}: no es un jugador ({players}) ni un campo de "
    "la mano ({fields})",
    "cards_twice": "{where}: las cartas de {player} están dos veces",
    "points_under_cards": "{where}: {player} tiene puntos ({held}) bajo cards, que lleva "
    "cartas: escribí los puntos al lado ({player}: {held})",
    "cards_and_points": "{where}: {player} tiene cartas y puntos: escribí cartas o puntos, no "
    "los dos",
    "csv_unreadable": "{name}: no es una planilla CSV que se pueda leer: {why}",
    "sheet_empty": "{name}: la planilla está vacía",
    "column_unnamed": "{name}:1: la columna {n} no tiene nombre",
    "column_twice": "{name}:1: la columna {column} está dos veces",
    "column_misspelt": "{name}:1: la columna {column} parece {near} mal escrito, y sus filas son "
    "manos: encabezala {near}",
    "too_many_cells": "{where}: {cells} celdas para {columns} columnas",
    "missing_argument": "falta el argumento {name}",
    "no_such_option": "no existe la opción {name}",
    "possible_options": " (opciones parecidas: {options})",
    "needs_value": "la opción {name} lleva un valor",
    "takes_no_value": "la opción {name} no lleva valor",
    "no_such_command": "no existe el comando {name}",
    "missing_command": "falta el comando (los comandos: mazo --help)",
    "did_you_mean_command": "; ¿quisiste decir {near}?",
    "extra_arguments": "sobran argumentos ({given})",
    "no_points_for": "faltan los puntos o las cartas de {sides}",
    "fields_not_here": "{player} tiene {fields}: los campos se leen solo en un juego de "
    "equipos ({games}); escribí puntos (un número entero) o cartas",
    "out_cannot_play": "{player} está fuera de la partida y no puede jugar esta mano",
    "start_over_limit": "{where}: el total inicial de {player}, {total}, pasa el límite "
    "({limit}): {player} empieza afuera y no puede jugar la mano {hand}",
    "cutter_with_points": "la fila nombra al que cortó pero da puntos, no cartas (una fila de "
    "puntos nombra al que cortó solo al lado de su cierre)",
    "close_without_cutter": "el cierre {close} está sin el que cortó: agregá cutter (o cortó): "
    "NOMBRE",
    "upcard_with_points": "la fila da la carta dada vuelta pero da puntos, no cartas",
    "close_wins_for": "el cierre {close} le da la partida al que cortó, {cutter}, no a {wins}",
    "close_scores": "{cutter} anota {points}, pero el cierre {close} le da {fixed} al que cortó",
    "out_cannot_win": "{player} está fuera de la partida y no puede ganarla",
    "unknown_close": "el cierre {close} no es de {game}; escribí uno de sus cierres: {closes}",
    "neither_points_nor_cards": "{player} tiene {given}: no son puntos (un número entero) ni "
    "cartas ({error})",
    "cards_or_points": "escribí las cartas de todos los jugadores, o los puntos de todos, sin "
    "mezclar (cartas: {cards}; puntos: {points})",
    "cards_need_cutter": "una mano dada con cartas necesita al que cortó",
    "cutter_out": "el que cortó, {cutter}, está fuera de la partida",
    "cards_make": "las cartas hacen un cierre {made}, no el {written} que escribe la fila",
    "not_elimination": "{game} no se juega a eliminación; los juegos con partida: {games}",
    "match_won": "la partida ya la ganó {winners}",
    "out_since": "{player} está fuera de la partida desde {where} y no puede jugar esta mano; "
    "si {player} volvió entonces, nombrá a {player} en la columna vuelve (o reenter) de esa fila",
    "reenter_went_out": "{player} no quedó eliminado en esta mano, así que no puede "
    "reengancharse: {player} salió en {where}; nombrá a {player} en la columna reenter (o "
    "vuelve) de esa fila",
    "reenter_is_in": "{player} no quedó eliminado en esta mano, así que no puede "
    "reengancharse: {player} sigue, con {total}; la columna vuelve (o reenter) nombra a quien "
    "vuelve en la fila de la mano en que "
    "{player} pasa el límite",
    "reenter_not_out": "{player} no quedó eliminado en esta mano, así que no puede reengancharse",
    "reenter_unknown": "jugador desconocido {player} en vuelve (o reenter)",
    "reenter_twice": "{player} está dos veces en vuelve (o reenter)",
    "reenganche_off": "en esta partida no hay reenganche",
    "once": "una vez",
    "times": "{n} veces",
    "reentered": "{player} ya se reenganchó {times}",
    "nobody_left": "{player} no puede reengancharse: no queda nadie en el límite o por debajo",
    "game_won": "la partida ya la ganó {winner}",
    "not_to_target": "{game} no es un juego a un puntaje en el que anota solo el que gana la mano",
    "target_no_start": "{where}: un juego a un puntaje no tiene totales iniciales: sus líneas "
    "y el zapatero salen de las manos ganadas, así que anotá todas las manos jugadas",
    "target_no_reentry": "un juego a un puntaje no tiene reenganche ni gana la partida de una",
    "winner_only": "anota solo el que gana la mano, y nunca menos de cero: {points}",
    "sheet_or_players": "dale la planilla (un archivo, o - para leerla de la entrada) o "
    "--players para una planilla en blanco",
    "sheet_and_players": "usá la planilla o --players, no las dos cosas",
    "sheet_stdin": "- lee la planilla de la entrada estándar: redirigila desde un archivo "
    "(mazo match JUEGO - < ARCHIVO)",
    "rival_pair": '--rival lleva NOMBRE="CARTAS", no {item}',
    "cutter_needed": "nombrá las cartas del que cortó con --cutter para contar una mano de {game}",
    "not_for_game": "{flag} no va con {game}: es para contar {kind}",
    "oklahoma_upcard": "con Oklahoma cada mano tiene una carta dada vuelta, que fija el límite "
    "para llamar: dala (--upcard, o upcard: en la fila de la planilla)",
    "acomodos_for": "{answers} acomodos de rivales para {rivals} rivales",
    "close_only_by": "{name} podía cortar solo tirando {card}, la carta que acababa de "
    "levantar del pozo",
    "cannot_close_by": "{name} no puede cortar tirando {card}, la carta que acaba de levantar "
    "del pozo",
    "most_allowed": " (a lo sumo: {most})",
    "no_close": "las cartas de {name} no cortan: {points} puntos sueltos{most}",
    "no_closes": "{game} no tiene cierres: sus manos terminan sin corte, así que no hay cierre "
    "que contar",
    "no_knock": "{name} no puede llamar: {points} puntos sueltos{most}",
    "one_rival": "nombrá por lo menos un rival",
    "exactly_one_rival": "{game} se cuenta entre dos jugadores: nombrá un solo rival",
    "empty_name": "el nombre de un jugador está vacío: dale un nombre a cada uno",
    "named_twice": "el jugador {player} está dos veces",
    "has_cards": "{name} tiene {count} cartas; {game} lleva {want}",
    "dealt_to": "repartidas a {name}",
    "dealt_to_one": "repartida a {name}",
    "missing_field": "falta el campo '{field}'",
    "expected_mapping": "acá van campos con sus valores",
    "expected_list": "acá va una lista",
    "expected_whole": "acá va un número entero, no {value}",
    "at_least": "tiene que ser por lo menos {minimum}, no {value}",
    "at_most": "tiene que ser a lo sumo {maximum}, no {value}",
    "expected_flag": "acá va true o false, no {value}",
    "expected_word": "acá va una palabra, no {value}",
    "expected_one_of": "acá va uno de {choices}, no {value}",
    "expected_names": "acá va el texto en los dos idiomas: {{es: ..., en: ...}}",
    "unknown_field": "campo desconocido {field}{hint}",
    "rules_unreadable": "no se puede leer el archivo de reglas: {why}",
    "rules_not_stdin": "las reglas se leen de un archivo, no de la entrada estándar: nombralo "
    "(un archivo llamado - es ./-)",
    "not_utf8": "el byte {byte} no es UTF-8: guardá el archivo como UTF-8",
    "file_empty": "el archivo está vacío",
    "malformed_yaml": "YAML mal escrito: {why}",
    "yaml_character": "YAML mal escrito: el carácter U+{code} no se admite (los caracteres de "
    "control no son texto)",
    "alias_loop": "un alias mete un valor dentro de sí mismo (un alias en bucle)",
    "too_deep": "los valores se anidan más de {most} niveles",
    "too_many_values": "más de {most} valores (los alias se expanden)",
    "tag_refused": "la etiqueta {tag} no se admite: un archivo de reglas tiene solo datos",
    "plain_keys": "las claves tienen que ser palabras o números",
    "key_twice": "la clave {key} está dos veces",
    "text_too_long": "un texto de más de {most} caracteres",
    "unreadable_value": "valor que no se puede leer: {why}",
    "game_or_rules": "nombrá un juego o un archivo de reglas",
    "rules_mapping": "un archivo de reglas tiene campos con sus valores",
    "rules_for": "este archivo de reglas es de {game}, no de {given}: escribí {game} en la "
    "línea de comandos",
    "game_name": "acá va el nombre de un juego",
    "rules_names_game": "un archivo de reglas nombra el juego que cambia: agregá {hint} (o "
    "escribí las reglas enteras)",
    "extends_but": "el archivo extiende {base} pero su juego es {named}: sacá 'game:' o "
    "escribí 'game: {base}'",
    "name_taken": "{name} es el nombre de {owner}: unas reglas enteras llevan un nombre propio",
    "spec_mapping": "unas reglas tienen campos con sus valores",
    "set_by_option": "este campo lo fija la opción {option}; escribí 'variant: {{{name}: "
    "...}}' en su lugar",
    "option_writes": "acá van campos con sus valores (la opción {option} escribe en ellos)",
    "output_unnamed": "el nombre del archivo de salida está vacío",
    "cannot_write": "no se puede escribir {path}: {why}",
    "write_the_game": "no se puede escribir {path}: es el archivo de la partida",
    "write_not_pdf": "no se puede escribir {path}: ya existe y no es un PDF",
    "write_same": "no se puede escribir {path}: es el mismo archivo que {same}",
    "write_link": "no se puede escribir {path}: apunta a {target}, cuya carpeta no existe",
    "write_no_folder": "no se puede escribir {path}: su carpeta no existe",
    "write_folder": "no se puede escribir {path}: no se puede escribir en su carpeta",
    "write_not_file": "no se puede escribir {path}: no es un archivo común",
    "write_folder_named": "{path} nombra una carpeta: nombrá un archivo, p. ej. {example}",
    "write_pdf_suffix": "{path} se escribe como PDF: nombrá un archivo que termine en .pdf, "
    "p. ej. {example}",
    "write_read": "no se puede escribir {path}: es el archivo que lee este comando",
    "pdf_terminal": "un PDF no se muestra en la terminal: nombrá un archivo .pdf, o redirigilo "
    "a un archivo (>) o a otro programa (|)",
    "stdout_twice": "{flag} {path} y --json salen los dos por la salida estándar: elegí uno",
    "link_loop": "sus enlaces simbólicos dan vueltas en círculo",
    "name_too_long_for_fs": "el nombre es demasiado largo para el sistema de archivos",
    "file_in_use": "{path} lo está escribiendo otro mazo (¿la misma partida jugada dos veces?): "
    "terminá o dejá esa primero",
    # the system's reasons
    "os_enoent": "no existe ese archivo o carpeta",
    "stdout_unwritable": "no se puede escribir en la salida estándar: {why}",
    "stdout_is_closed": "está cerrada",
    "and_unwritable": "{message} (y {why})",
    "file_failed": "{path}: {why}",
    "os_eacces": "permiso denegado",
    "os_eperm": "operación no permitida",
    "os_erofs": "el sistema de archivos es de solo lectura",
    "os_enospc": "no queda espacio en el disco",
    "os_edquot": "se agotó la cuota de disco",
    "os_eisdir": "es una carpeta",
    "os_enotdir": "no es una carpeta",
    "os_eexist": "ya existe un archivo con ese nombre",
    "stdin_closed": "la entrada estándar está cerrada: redirigí {what} desde un archivo (<) o "
    "desde otro programa (|), una por línea",
    "stdin_empty": "la entrada estándar no trae ninguna línea que responder: redirigí {what} "
    "desde un archivo (<) o desde otro programa (|), una por línea",
    "the_positions": "las posiciones",
    "the_hands": "las manos",
    "stdin_unreadable": "no se puede leer la entrada estándar: {why}",
    "line_not_utf8": "la línea no es texto UTF-8",
    "bad_json": "JSON mal escrito: {why}",
    "json_too_deep": "demasiado grande o anidado",
    "not_a_number": "{name} no es un número",
    "json_object": 'una línea JSON es un objeto con su "hand": {{"hand": ["1o", "2o", ...]}}',
    "json_hand": 'a una línea JSON le falta su "hand": {{"hand": ["1o", "2o", ...]}}',
    "line_twice": "el campo {key} está dos veces en la línea: dalo una sola vez",
    "field_takes": "{key} lleva {wanted}, no {value}",
    "wants_cards": "códigos de cartas: un texto o una lista de textos",
    "wants_card": "el código de una carta",
    "wants_melds": 'juegos: "JUEGO; JUEGO" o una lista de juegos',
    "wants_whole": "un número entero",
    "wants_seconds": "una cantidad de segundos",
    "wants_backend": "auto, search o cpsat",
    "wants_variant": "cada opción con su valor",
    "wants_scalar": "un valor (texto, número o true/false)",
    "odds_no_cards": "--deal, --build y --plot no llevan cartas: son sobre cualquier reparto",
    "plot_needs_deal": "--plot dibuja las chances de un reparto al azar: dalo con --deal",
    "cards_or_deal": "nombrá las cartas de la mano, o --deal para un reparto al azar",
    "odds_turn": "en {game} el turno no es robar una y tirar una, que es lo que cuenta la tabla",
    "odds_reach": "{game} queda fuera del alcance de una tabla exacta: unas {resting} manos de "
    "{size} cartas sin contar el orden de los palos ({after} después de robar; una tabla llega "
    "hasta {most})",
    "odds_deck": "la búsqueda compilada no admite la baraja o los cierres de {game}",
    "odds_no_discard": "{game} tiene un cierre sin tirar carta, que la tabla no cuenta",
    "not_resting": "esta mano no es una de las manos en espera de la tabla",
    "odds_size": "mazo odds lleva {size} cartas (una mano en espera) o {more} (después de "
    "robar); llegaron {given}",
    "advise_no_cards": "faltan las cartas: nombrá las cartas de la mano, o - para leer de la "
    "entrada",
    "not_for_advise": "{name} no va con advise",
    "line_horizon": '"horizon" es 1, 2 u "optimal", no {value}',
    "line_seen": '"seen" es una lista de códigos de cartas o un texto',
    "line_pozo_top": '"pozo_top" es el código de una carta',
    "unknown_backend": "motor desconocido {backend}; los motores: {backends}",
    "advise_size": "advise lleva la mano antes de robar, {size} cartas; llegaron {given}",
    "all_seen": "no queda ninguna carta sin ver: no hay nada para robar",
    "advise_turn": "advise necesita un juego en que el turno es robar una carta y tirar una; "
    "{game} se juega de otra forma",
    "advise_oklahoma": "advise juega sin Oklahoma: en cada mano la carta dada vuelta fija el "
    "límite para llamar, y advise no lleva ninguna (lo fija knock_limit; dejá oklahoma apagado)",
    "horizon_takes": "el horizonte ({{option}}) es 1, 2 u optimal, no {value}",
    "horizon_table": "el horizonte óptimo ({{option}}) necesita una tabla de chances: {why}",
    "only_the_pozo_top": "la mano no tiene otra carta para tirar que la de arriba del pozo",
    "separate_needs_file": "--answers separate necesita -o ARCHIVO.pdf (la clave va al lado)",
    "no_puzzle_kinds": "{game} no tiene tipos de ejercicios",
    "kind_all_alone": "--kind all no lleva otro tipo al lado",
    "no_kind_here": "{game} no tiene ningún tipo de ejercicio con estas reglas",
    "key_only_file": "--key-only muestra la clave en la terminal: no lleva -o ARCHIVO",
    "split_file": "--split escribe un archivo por versión: nombralo con -o ARCHIVO.pdf",
    "split_versions": "--split escribe un archivo por versión: necesita --versions 2 o más",
    "kind_empty": "--kind nombra un tipo vacío: {kinds}",
    "kind_twice": "--kind nombra {kinds} más de una vez",
    "versions_range": "--versions lleva de 1 a {most}, no {value}",
    "n_at_least": "-n tiene que ser por lo menos 1, no {value}",
    "n_fewer": "-n {n} es menos que los {kinds} tipos pedidos",
    "no_puzzles": "{game} no tiene ejercicios (sus reglas no tienen 'puzzles: kinds:')",
    "unknown_kind": "{game} no tiene el tipo de ejercicio {kind}; tiene: {kinds}",
    "n_between": "-n tiene que estar entre 1 y {most}, no {value}",
    "n_between_kind": "-n tiene que estar entre 1 y {most} para los ejercicios {kind} (cada "
    "posición es un análisis exacto de todas las cartas que pueden traer los dos próximos "
    "robos), no {value}",
    "flag_range": "{flag} lleva de {least} a {most}, no {value}",
    "record_empty": "el archivo está vacío: un registro de partida empieza con su línea game",
    "record_not_stdin": "un registro de partida se lee de su archivo, no de la entrada "
    "estándar: nombralo (un archivo llamado - es ./-)",
    "record_line_long": "una línea de {size} bytes, más de {most}: no es un registro de partida",
    "record_not_utf8": "no es texto UTF-8: no es un registro de partida",
    "record_deep": "no es un objeto JSON que mazo pueda leer (anidado demasiado hondo, o un "
    "número demasiado largo)",
    "record_not_json": "no es JSON ({why}, columna {column}): un registro tiene un objeto JSON "
    "por línea",
    "record_not_object": "{kind}, no un objeto: cada línea de un registro es un evento",
    "json_list": "una lista de JSON",
    "json_str": "un texto de JSON",
    "json_number": "un número de JSON",
    "json_bool": "el true o false de JSON",
    "json_NoneType": "el null de JSON",
    "record_no_event": "falta el campo 'event': cada línea nombra su evento",
    "record_unknown_event": "evento desconocido {event}; los eventos son {events}",
    "record_first_line": "la primera línea es un evento {event}: un registro empieza con su "
    "línea game",
    "record_no_format": "a la línea game le falta 'format'",
    "record_format": "formato {given}: esta versión de mazo lee registros de formato {format}",
    "record_seats": "{game} se juega de {least} a {most} jugadores, no de {count}",
    "record_rules_not_file": "el archivo de reglas {rules} no es un archivo común",
    "record_rules_file": "el archivo de reglas {rules} no está: se buscó {found} (una ruta "
    "relativa es desde la carpeta del registro)",
    "seats_names": "--seats nombra los bots, uno por asiento: --seats novice,novice",
    "seats_blank": "--seats {seats}: el asiento {n} está vacío; nombrá un bot por asiento, con "
    "una coma entre ellos: --seats novice,novice",
    "simulate_game": "nombrá el juego: mazo simulate JUEGO --seats A,B (mirá `mazo games`)",
    "simulate_one_game": "un juego, no {words} palabras: mazo simulate JUEGO --seats A,B "
    "(--merge lleva archivos)",
    "record_unnamed": "--record lleva el nombre de una carpeta, no uno vacío",
    "cannot_make": "no se puede crear {path}: {why}",
    "record_not_folder": "--record {path} no es una carpeta",
    "record_holds": "--record {path} ya tiene registros de estos repartos ({name}): dale una "
    "carpeta vacía o nueva",
    "record_folder": "no se puede escribir en {path}: no se puede escribir en la carpeta",
    "merge_run": "--merge lee informes: {flag} es para una corrida",
    "merge_files": "--merge lleva los informes JSON de las partes de una corrida: dale los "
    "archivos",
    "shard_takes": "--shard lleva K/N (la K-ésima de N partes), no {value}",
    "shard_range": "--shard K/N necesita 1 <= K <= N, no {value}",
    "deals_at_least": "-n es la cantidad de repartos, por lo menos 1, no {value}",
    "shard_empty": "--shard {shard}: con -n {deals}, {count} partes dejan alguna vacía",
    "n_players": "de a {n} jugadores",
    "players_range": "de {least} a {most} jugadores",
    "seats_count": "{game} se juega {players}: --seats da {count}",
    "rule_twice": "{name} está en la línea de comandos y también en la línea: cada regla se da "
    "una sola vez",
    "not_played_as": "{game} no se juega como {kind}",
    "record_needs": "a una línea {event} le falta el campo '{field}'",
    "record_field": "campo '{field}': {error}",
    "record_second_game": "una segunda línea game: un registro tiene una sola partida, en su "
    "primera línea",
    "record_undo_untrained": "una jugada deshecha en una partida que no es de práctica (su "
    'línea game no dice "training": true)',
    "record_players": "el campo 'players' nombra a cada jugador una sola vez, y por lo menos a uno",
    "expected_choices": "acá va una lista de valores permitidos, sin repetir",
    "expected_value": "acá va un solo valor",
    "path_or_sets": "una opción lleva uno solo de 'path' o 'sets'",
    "expected_sets": "acá va cada valor con los campos que fija",
    "expected_path": "acá va una ruta con puntos, como closes.cut.max_deadwood",
    "no_settings": "faltan los campos que fija el valor o los valores {values}",
    "expected_says": "acá va el texto en los dos idiomas, o un texto por valor",
    "no_words": "faltan las palabras del valor o los valores {values}",
    "no_book_lang": "no hay reglamento en el idioma {lang}; elegí uno de {langs}",
    "merge_one": "--merge lleva los informes JSON de las partes de una corrida: dale por lo "
    "menos uno",
    "merge_whole": "no se puede juntar {path}: es el informe de una corrida entera, no el de "
    "una parte (--shard K/N)",
    "merged_shard": "no se puede juntar {path}: la parte {shard} se dio dos veces",
    "merged_already": "no se puede juntar {path}: tiene repartos ya juntados",
    "merge_other_run": "no se puede juntar {path} con {first}: es otra corrida (su "
    '"{field}" es {theirs}, no {mine})',
    "merge_not_shards": "no se puede juntar {path} con {first}: no son partes de una misma "
    "corrida (--shard K/N con el mismo N)",
    "not_a_report": "{path} no es el JSON de una corrida de `mazo simulate`",
    "report_deals_missing": "{path} tiene {held} de sus {deals} repartos, y dice que la "
    "corrida no se interrumpió: falta un reparto",
    "no_rank_value": "falta el valor del número {rank}",
    "no_rank": "la baraja no tiene el número {rank}",
    "points_or_deadwood": "acá va una cantidad de puntos o 'deadwood'",
    "within": "tiene que estar entre -{most} y {most}, no {value}",
    "close_needs_limit": "un cierre lleva one_meld, max_deadwood o max_loose_cards",
    "close_needs_score": "un cierre lleva un puntaje (score) o un efecto (effect)",
    "no_close_named": "no hay un cierre {close}; los cierres: {closes}",
    "max_players_low": "tiene que ser por lo menos min_players",
    "target_or_elimination": "una partida se juega a un puntaje o a eliminación, no a las dos "
    "cosas",
    "target_field": "'{field}' es de un juego que se juega a un puntaje",
    "kind_listed_twice": "un tipo está dos veces",
    # mazo play and mazo review
    "record_at": "{where}: {why}",
    # the referee
    "ref_after_game_end": "una línea después de la del fin de la partida (game_end)",
    "ref_no_game_end": "el registro termina antes de la línea del fin de la partida (game_end)",
    "ref_deal_in_round": "un reparto antes de que termine la ronda {round}",
    "ref_deal_after_won": "un reparto después de ganada la partida: lo que sigue es la línea "
    "del fin de la partida (game_end)",
    "ref_deal_round": "ronda {given}, pero esta es la ronda {round}",
    "ref_mano_out": "la mano, {mano}, no es un jugador que siga en juego",
    "ref_wrong_mano": "{given} es mano, pero según las reglas la mano es {mano}",
    "ref_wrong_dealer": "da {given}, pero el que da es {dealer}",
    "ref_hand_not_playing": "una mano para {name}, que no juega esta ronda",
    "ref_no_hand": "falta la mano de {name}",
    "ref_hand_size": "a {name} le dan {held} cartas, no {size}",
    "ref_pozo_start": "el pozo empieza con {count} cartas, no {upcards}",
    "ref_dealt_twice": "{cards}: se reparten más veces de las que están en la baraja",
    "ref_not_dealt": "{cards}: no se reparten, y cada carta se reparte una vez",
    "ref_no_round": "no se está jugando ninguna ronda: primero va un reparto",
    "ref_other_round": "ronda {given}, pero se está jugando la ronda {round}",
    "ref_turn_after_end": "un turno después de terminada la ronda: lo que sigue es su línea "
    "round_end",
    "ref_not_their_turn": "juega {player}, pero le toca a {turn}",
    "ref_no_throw": "no tira ninguna carta y no corta",
    "ref_throw_not_held": "tira el {card}, que no tiene en la mano",
    "ref_opening_draw": "en su primer turno la mano tira una carta sin robar",
    "ref_offer": "se ofrece la primera carta del pozo: levantala (pozo) o pasá",
    "ref_no_draw": "no roba: solo el primer descarte de la mano va sin robar",
    "ref_pass": "pasar solo responde a la oferta de la primera carta del pozo",
    "ref_upcard_passed": "levanta la primera carta del pozo después de que los dos la pasaron",
    "ref_the_stock": "mazo",
    "ref_the_pozo": "pozo",
    "ref_pile_empty": "roba del {pile}, que está vacío",
    "ref_not_top": "roba el {card} del {pile}, que tiene arriba el {top}",
    "ref_cut_pozo_card": "corta tirando el {card}, que acaba de levantar del pozo",
    "ref_without_discard": "sin tirar",
    "ref_throwing": "tirando el {card}",
    "ref_no_close": "corta {how}, pero las cartas que guarda no hacen ningún cierre",
    "ref_close_is": "el cierre es {close}, no {given}",
    "ref_not_meld": "{cards} no es un juego válido",
    "ref_loose": "las cartas sueltas son {loose}, no {given}",
    "ref_no_recycle": "con estas reglas el pozo nunca pasa a ser un mazo nuevo",
    "ref_recycle_early": "el pozo se vuelve a mezclar solo cuando el mazo está vacío",
    "ref_recycle_keeps": "en el pozo queda {kept}, no {given}",
    "ref_recycle_extra": "el mazo nuevo tiene {cards}, que no estaba en el pozo",
    "ref_recycle_missing": "al mazo nuevo le falta {cards}, del pozo que se mezcló",
    "ref_end_no_cut": "la ronda termina, pero nadie cortó",
    "ref_points": "los puntos son {points}, no {given}",
    "ref_passed_by": '"passed_by" es {passed}, no {given}',
    "ref_void": "se acabó el mazo: la mano es nula (nadie corta)",
    "ref_void_layoffs": "una mano nula no tiene acomodos ni cartas sueltas",
    "ref_cut_with": "{player} cortó con {close}",
    "ref_not_rival": "acomodos o cartas sueltas para {name}, que acá no es rival",
    "ref_no_layoff": "nadie acomoda después de {close}",
    "ref_rival": "{name}: {error}",
    "ref_no_comeback": "{names} no se puede reenganchar ahora",
    "ref_eliminated": '"eliminated" es {out}, no {given}',
    "ref_totals": "los totales son {totals}, no {given}",
    "ref_won_reason": "la partida se ganó ({reason}), no {given}",
    "ref_not_decided": 'la partida no está decidida: no puede terminar con "reason": "{reason}"',
    "ref_ends_in_round": "la partida termina en plena ronda {round}",
    "ref_no_one": "nadie",
    "ref_winner": "el ganador es {winner}, no {given}",
    "ref_winners": "los ganadores son {names}",
    "ref_final": "los puntajes finales son {final}, no {given}",
    "ref_forfeit_out": "{player} pierde por abandono, pero no está jugando",
    "ref_forfeit_asked": "{player} pierde por abandono, pero la partida esperaba a {asked}: "
    "pierde así solo un jugador al que se le pregunta",
    "ref_no_points": "ninguno",
    "review_illegal": "{where}: {why} (mazo replay --check dice si un registro es legal; solo se "
    "revisa uno legal)",
    "laid_beyond": "los juegos usan {cards}, además de las cartas que guarda",
    "laid_not_best": "los juegos dejan {points} puntos sueltos ({cards}); la mejor manera de "
    "bajar las cartas que guarda deja {fewest}",
    "laid_onto": "acomoda en el juego {onto}, pero el que cortó bajó {count} (contando desde 0)",
    "laid_joker": "acomoda un comodín, y estas reglas no lo permiten",
    "laid_not_in_hand": "acomoda {cards}, que no tiene en la mano",
    "laid_keeps": "se queda con {points} puntos sueltos; su mejor acomodo deja {best}",
    "laid_no_fit": "{cards} en {meld} no forma un juego válido ({kind})",
    "laid_loose_not_kept": "sus cartas sueltas nombran {cards}, que no está entre las que guarda",
    "laid_loose_points": "sus cartas sueltas suman {points} puntos; sus mejores juegos dejan "
    "{fewest}",
    "laid_no_melds": "{cards}, las cartas que no deja sueltas, no forman juegos",
    "play_gives_other": "la partida da {event} donde el registro tiene {recorded}",
    "play_gives_value": "en {recorded}, la partida da {key} {value} donde el registro tiene {held}",
    "play_round_n": "ronda {n}",
    "play_to_draw": "robar",
    "play_to_discard": "tirar",
    "play_to_reenter": "reengancharse",
    "play_asks": "la partida le pide a {person} {decision} donde tiene {event}",
    "play_illegal_answer": "la jugada {answer} de {person} ({decision}) es ilegal ({reason})",
    # mazo play and mazo review, continued
    "play_game_over": "la partida terminó: no hay nada que seguir",
    "play_damaged": "dañado: {why}; la partida no puede seguir desde él",
    "play_flag_file": "{flag} lleva el nombre de un archivo: la partida misma sale por la salida "
    "estándar",
    "play_resume_flag": "{flag} y --resume: una partida sigue con el {flag} de su registro",
    "play_record_of": "{file}: un registro de {found}, no de {wanted}",
    "play_not_training": "{file} no se jugó como entrenamiento: --training empieza una partida, "
    "una que sigue se juega como se empezó",
    "rulebook_suffix": "-o {path} nombra otro formato que --format {fmt}: da uno de los dos, o un "
    "nombre que termine en .{fmt}",
    "play_record_link": "--record {path} es un enlace a un archivo que no existe: --record nombra "
    "un archivo nuevo para el registro, no un enlace",
    "play_record_folder": "--record {path} es una carpeta: --record nombra un archivo nuevo para "
    "el registro",
    "play_record_there": "--record {path}: el archivo ya existe; {then}",
    "play_then_resume": "una partida guardada sigue con --resume {path}",
    "play_then_without": "la partida sigue en {path} sin --record",
    "play_seats_empty": "--seats nombra los bots por nivel, separados por comas: {levels}",
    "play_cannot_make": "no se puede crear {folder} para el registro de la partida: {why}; "
    "nombrá uno con --record",
    "play_cannot_write": "no se puede escribir {path} para el registro de la partida: {why}; "
    "nombrá uno con --record",
    "play_stdin_closed": "la entrada estándar está cerrada: mazo play lee las jugadas de ahí",
    "play_name_shown": "--name lleva un nombre para mostrar, llegó {name}",
    "play_name_long": "--name lleva un nombre de hasta {most} caracteres (uno ancho cuenta por "
    "dos), llegaron {width}: {name}",
    "play_seats_one": "{game} se juega con exactamente un bot además de vos, no {n}",
    "play_seats_some": "{game} se juega con 1 a {most} bots además de vos, no {n}",
    "play_unknown_level": "nivel desconocido {level}; los niveles: {levels}",
    "forfeit_not_play": "un descarte es Play(card, cut); respondió {got}",
    "forfeit_no_close": "no tiró carta, y sin tirar una las cartas no cierran",
    "forfeit_not_card": "{got} no es una carta de esta baraja",
    "forfeit_not_held": "tiró el {card}, que no tenía",
    "forfeit_no_cut": "cortó tirando el {card}, y así no cierra",
    "forfeit_reenter": "reenter responde True o False; respondió {got}",
    "forfeit_draw": "draw responde 'stock' o 'pozo'; respondió {got}",
    "forfeit_draw_offer": "draw responde 'stock', 'pozo' o 'pass'; respondió {got}",
    "forfeit_pass": "'pass' responde solo a la oferta de la primera carta del pozo",
    "forfeit_empty_pozo": "levantó de un pozo vacío",
    "forfeit_passed_upcard": "levantó la primera carta después de que los dos la pasaran",
    "forfeit_raised": "al responder {decision}() lanzó {error}",
    "play_not_playable": "{game} todavía no se puede jugar: solo los juegos cuyo turno es robar "
    "una carta y tirar una (Conga, Chinchón, Gin Rummy) tienen motor",
    "review_not_player": "{file}: {player} no jugó en esta partida; sus jugadores: {players}",
    "review_which_player": "{file}: decí de quién revisar las decisiones con --player; sus "
    "jugadores: {players}",
    # games: reports, sessions, records
    "resume_seats": "sus asientos son {seats}: una partida para seguir tiene un asiento {human} "
    "y en los otros niveles de bots ({levels})",
    "resume_seed": "su semilla es {seed}, no un número entero",
    "resume_pending": "un robo pendiente es de la persona, 'stock' o 'pozo', y va en la última "
    "línea del registro",
    "record_wrong": "el campo '{field}' es {value}: tiene que ser {want}",
    "want_text": "texto",
    "want_text_or_null": "texto o null",
    "want_whole": "un número entero",
    "want_seed": "un número entero desde 0, o null",
    "want_flag": "true o false",
    "want_names": "una lista de nombres",
    "want_object": "un objeto",
    "want_card": "el código de una carta",
    "want_cards": "una lista de códigos de cartas",
    "want_draw": "null, 'stock', 'pozo' o 'pass'",
    "want_melds": "una lista de juegos, cada uno una lista de cartas",
    "want_layoffs": "una lista de acomodos",
    "want_layoff": 'una lista de {{"cards": [...], "onto": N}}',
    "record_control": "{where} tiene un carácter de control (el de una secuencia de escape, un "
    "salto de línea): los nombres y textos de un registro se imprimen tal cual",
    "record_control_key": "el nombre del campo '{field}'",
    "seats_same_name": "dos asientos tienen el mismo nombre",
    "deck_cannot_deal": "una baraja de {size} cartas no alcanza para repartir {count} manos de "
    "{hand}",
    "no_match_to_play": "{game} no tiene partida que jugar: ni límite de eliminación ni puntaje "
    "a alcanzar",
    "deals_process_died": "se murió un proceso que jugaba los repartos (lo mataron, se quedó sin "
    "memoria, o un asiento lo terminó): corré con --jobs 1 para ver en qué reparto",
    "shell_unknown": "no se sabe qué shell es esta: nombrala ({flag} {shells})",
    "shell_install": "no se puede instalar el completado: {place}: {why}",
    # puzzles, specs, seats, files, the API
    "cannot_read_it": "no se puede leer: {why}",
    "not_regular_file": "no es un archivo común (es una carpeta, un dispositivo o una tubería)",
    "larger_than": "pesa más de {limit} bytes",
    "seat_bad": "asiento {seat}: {why}; un asiento es un nivel ({levels}), módulo:atributo o "
    "ruta/al/archivo.py:Nombre",
    "seat_made_for": "asiento {seat}, hecho para el reparto {deal}: {why}",
    "seat_no_level": "no hay un nivel con ese nombre",
    "seat_colon": "va un módulo o archivo y un nombre, con dos puntos en el medio",
    "seat_no_attribute": "{where} no tiene el atributo {attr}",
    "seat_not_player": "{name} no es un jugador: le falta {missing}",
    "seat_raised": "{what} lanzó {error}: {message}",
    "seat_no_module": "no hay un módulo que se llame {name}",
    "seat_importing": "al importarlo, {raised}",
    "seat_no_file": "no existe el archivo {path}",
    "seat_not_python": "{path} no es un archivo de Python",
    "kind_not_here": "{game} no tiene ejercicios {kind} con estas reglas: {why}",
    "no_lay_off_close": "ningún cierre deja que los rivales acomoden",
    "lay_off_shadowed": "con {rule}, todo {close} es antes un {first}, donde los rivales no "
    "acomodan nada",
    "the_option_set": "la opción {name}={value}",
    "difficulty_takes": "--difficulty lleva {levels}, no {value}",
    "difficulty_never": "los ejercicios {kind} de {game} nunca son de nivel {level}: "
    "--difficulty lleva {levels} para ellos",
    "puzzles_too_few": "salieron solo {found} de {count} ejercicios {kind}{level}{each} con una "
    "sola respuesta para {game} en {dealt} repartos; pedí menos (-n) u otra --difficulty",
    "each_sheet": " ({asked} por hoja para {versions} versiones)",
    "puzzles_one_answer": "salieron solo ejercicios {kind}{level} cuya respuesta es {answer} "
    "para {game} en {dealt} repartos, y una hoja nunca tiene una sola respuesta; pedí otra "
    "--difficulty",
    "expected_suits": "acá va una lista de palos distintos entre {suits}",
    "expected_ranks": "acá va una lista de números distintos en el orden del juego, cada uno "
    "entre {ranks}",
    "max_len_below": "max_len {most} es menor que min_len {least}",
    "naturals_overflow": "más cartas naturales de las que entran en el juego",
    "no_meld_kind": "no hay un tipo de juego {kind}; los tipos: {kinds}",
    "max_jokers_below": "max_jokers es menor que min_jokers",
    "expected_name_list": "acá va una lista de nombres",
    "hand_over_deck": "una mano de {hand} + 1 necesita más cartas que las {size} de la baraja",
    "expected_name": "acá va un nombre",
    "variant_name_long": "un nombre de a lo sumo {most} caracteres (encabeza las páginas)",
    "offer_needs_upcard": "se ofrece la carta dada vuelta ('upcard_offer: true') solo si se da "
    "vuelta una ('upcard: true')",
    "offer_needs_no_extra": "la mano que recibe una carta de más abre tirándola, así que no se "
    "ofrece carta dada vuelta ('upcard_offer: true' necesita 'mano_extra: 0')",
    "void_stock_needs_void": "'void_stock' anula una mano solo con 'stock_out: void' (está en "
    "{stock_out})",
    "offered_to_non_dealer": "la carta dada vuelta se le ofrece al que no reparte",
    "loser_deals": "reparte el que perdió la mano",
    "a_game_of_two": "{rule}: un juego de a dos ('match: {{max_players: 2}}')",
    "void_stock_too_big": "tiene que ser menor que lo que deja en el mazo un reparto de a dos "
    "({stock}), o toda mano se anula antes de jugarse",
    "oklahoma_needs_upcard": "Oklahoma (scoring.oklahoma.enabled) necesita la primera carta dada "
    "vuelta",
    "section_needs_mechanism": "una sección '{section}:' necesita 'mechanism: {mechanism}'",
    "not_this_mechanism": "{game} no se juega con el mecanismo {mechanism}",
    "no_oklahoma": "{game} no tiene regla Oklahoma: la carta dada vuelta no cambia nada",
    "oklahoma_off": "Oklahoma está apagada en estas reglas: la carta dada vuelta no cambia nada "
    "(prendela con --variant oklahoma=true)",
    "upcard_joker": "la carta dada vuelta es un comodín: Oklahoma lee una carta natural",
    "search_refused": "el motor de búsqueda {why}; usá cpsat",
    "search_not_in_use": "no está en uso ({why})",
    "how_to_compile": "instalá una rueda (wheel) de mazo hecha para esta plataforma, o "
    "reinstalá con un compilador de C y los encabezados de Python, sin la caché de pip: pip "
    "install --force-reinstall --no-cache-dir --no-binary mazo mazo (desde una copia del "
    "código: pip install --force-reinstall --no-cache-dir .)",
    "not_built": "no se compiló al instalar: no se encontró un compilador de C, o los "
    "encabezados de Python",
    "does_not_load": "no carga: {error}",
    "odds_needs_tables": "mazo odds necesita sus tablas compiladas, y {why}; para tenerlas, {how}",
    "odds_needs_search": "mazo odds necesita la búsqueda de juegos compilada, y {why}; para "
    "tenerla, {how}",
    "search_slow": "la búsqueda compilada no está en uso ({why}): las manos pasan por CP-SAT, "
    "mucho más lento; para tenerla, {how}",
    "table_not_kept": "la tabla no se guardó: {why}",
    "cache_file_in_way": "{place} es un archivo, donde la caché necesita una carpeta",
    "search_untested": "no prueba todas las reglas de los cierres de estas reglas, o un valor de "
    "carta, límite o tamaño pasa de {most}",
    "search_cards": "toma hasta {most} cartas de una baraja de una copia de cada una",
    "pozo_card_not_held": "la carta levantada del pozo, {card}, no está en la mano",
    "option_given_twice": "la opción {name} está dos veces, sola y en la variante: dala una "
    "sola vez",
    "option_not_for": "la opción {name} no va con {entry}; lleva {takes}",
    "not_a_position_option": "la opción {{option}} no va con {game}; sus opciones de la posición: "
    "{options}",
    # rules files and rulebooks
    "when_empty": "acá va un valor o una lista de valores",
    "when_option": "la opción",
    "when_rule": "la regla",
    "when_no_value": "{what} {name} no tiene el valor {value}: {values}",
    "when_no_option": "no hay una opción {name} que probar en 'when'",
    "unknown_placeholder": "marcador desconocido {{{name}}}",
    "expected_card_codes": "acá van códigos de cartas",
    "more_cards_than": "más de {most} cartas",
    "expected_one_card": "acá va una carta",
    "generated_table": "{name} es una tabla que arma mazo",
    "expected_two_players": "acá van los nombres de dos jugadores",
    "expected_points_pair": "acá van los puntos de cada jugador: [a, b]",
    "expected_a_hand": "acá va por lo menos una mano",
    "expected_start_pair": "acá va el total inicial de cada jugador: [a, b]",
    "expected_cover": "acá van códigos de cartas o {{cards, when}}",
    "row_per_heading": "cada fila necesita una celda por encabezado",
    "no_table_here": "no hay tabla {name}: {why}",
    "no_table_named": "no hay una tabla llamada {name}",
    "no_example_id": "no hay un ejemplo con id {name}",
    "example_twice": "un segundo ejemplo con id {name}",
    "example_needs": "un ejemplo necesita 'hand:' (se resuelve) o 'groups:' (se dibuja)",
    "solved_key": "'{key}:' va con una 'hand:' que se resuelve",
    "pozo_in_hand": "la carta levantada del pozo tiene que estar en la mano",
    "table_melds": "una mesa son juegos separados por ';', no {value}",
    "positive_seconds": "{what} lleva un número positivo de segundos (a lo sumo {most}), no "
    "{value}",
    "book_example": "ejemplo {name}: {error}",
    "no_book_table": "no hay una tabla llamada {name} en este reglamento",
    "game_table_needs": "la tabla de la partida necesita 'prose.game' y un puntaje al que se juega",
    "cpsat_stopped": "CP-SAT se detuvo a los {seconds} s sin una respuesta ({status})",
}

MESSAGES: dict[str, dict[str, str]] = {"en": EN, "es": ES}


def message(lang: str, key: str) -> str:
    """The message `key` in `lang`, its fields unfilled. A mechanism's own messages are
    namespaced by its name (`<name>.`) and kept in its package's `messages` module, a dict
    `MESSAGES` by language like this one."""
    namespace, dot, _ = key.partition(".")
    own = _own(namespace) if dot else None
    return (own.MESSAGES if own is not None else MESSAGES)[lang][key]


@cache
def _own(namespace: str) -> ModuleType | None:
    # The registry reads this module's words: asked for only when a message is said.
    from mazo.solver.mechanisms.registry import own_module

    return own_module(namespace, "messages")


@dataclass(frozen=True)
class Said:
    """A message by its key and fields, said in any language. A field that is itself said
    (a `Said`, or a function of the language) is said in the same language."""

    key: str
    fields: Mapping[str, Any]

    def __call__(self, lang: str) -> str:
        return message(lang, self.key).format(
            **{name: _in(value, lang) for name, value in self.fields.items()}
        )


def _in(value: Any, lang: str) -> Any:
    if isinstance(value, MazoError):  # an error told inside another's message
        return value.said_in(lang)
    return value(lang) if isinstance(value, Said) or callable(value) else value


class Told(str):
    """Text that is English as a string (in an f-string, a comparison, a view) and is said in
    any language as a message's field: a place such as `sheet.csv:3 (hand 2)`."""

    said: Said

    def __new__(cls, key: str, /, **fields: Any) -> Told:
        message = said(key, **fields)
        text = super().__new__(cls, message("en"))
        text.said = message
        return text

    def __call__(self, lang: str) -> str:
        return self.said(lang)

    @classmethod
    def known_as(cls, text: str, key: str, /, **fields: Any) -> Told:
        """`text` as a string (JSON's name for it), said in any language by the message `key`:
        Gin's unnamed cutter is "cutter" in JSON and the knocker in its views."""
        told = super().__new__(cls, text)
        told.said = said(key, **fields)
        return told


def said(key: str, /, **fields: Any) -> Said:
    return Said(key, fields)


def both_and(values: Any) -> Callable[[str], str]:
    """Values said together in each language: "Ana and Beto", "Ana y Beto"."""
    return lambda lang: MESSAGES[lang]["and"].join(map(str, values))


def either(values: Any) -> Callable[[str], str]:
    """Values said as alternatives in each language: "pdf or md", "pdf o md"."""
    return lambda lang: MESSAGES[lang]["or"].join(map(str, values))


def titled(spec: Any) -> Callable[[str], str]:
    """A game named to a player by its title in each language ("Gin Rummy", "Conga Uruguaya");
    a message that asks the user to type the game keeps its id."""
    return lambda lang: spec.title[lang]


def one_of(values: Any) -> Callable[[str], str]:
    """Three values or more said as a sentence offers them: "easy, medium or hard"."""
    return lambda lang: series([str(v) for v in values], MESSAGES[lang]["or"])
