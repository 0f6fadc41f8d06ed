"""Every problem ``code`` the server can answer: its HTTP status and what it means, in one list.

The OpenAPI document's ``Problem.code`` enum and ``docs/problems.md`` are made from it;
``tests/api/test_problem_codes.py`` checks that every code the sources raise is here and that every
code here is raised somewhere. A refusal's own ``detail`` says more about the case at hand.

>>> PROBLEM_CODES["not_your_turn"]
(409, 'It is not your seat’s turn (or the match waits on the other seat).')
>>> print(markdown().splitlines()[0])
# Problem codes
"""

from __future__ import annotations

_400 = {
    "bad_request": "The request does not have the expected form: a body that is not JSON or not valid UTF-8, "
                   "nests too deep or does not fit the schema, a bad or repeated query parameter, a "
                   "malformed header, a request that is not HTTP/1.1.",
    "bad_last_event_id": "Last-Event-ID is not an id this stream sent.",
}
_401 = {
    "unauthenticated": "This needs an account: send 'Authorization: Bearer <token>'.",
    "bad_authorization": "The Authorization header is not 'Bearer <token>'.",
    "unknown_token": "No account has this token (or it was revoked).",
}
_403 = {
    "missing_scope": "The token lacks the scope this needs (read, play, create or organize).",
    "organizer_only": "Only an organizer (of this match or tournament) may do this.",
    "must_hold_a_seat": "A player creates only matches it plays in.",
    "blocked": "An account named blocks you: no challenge, seat or tournament entry from you reaches it.",
    "secret_option_organizer_only": "Only an organizer sets an option the game keeps secret from the players.",
    "not_a_player": "You hold no seat in this match (or not the seat that plays this).",
    "not_an_account": "Only an account can take a seat.",
    "creator_only": "Only the match's creator may cancel it.",
    "not_priority": "Only the priority player chooses the seats.",
    "system_only": "Only the server sends this command.",
    "own_token_only": "A token manages only the tokens (and gives only the consents) of its own account.",
    "consent_required": "An organizer seats an account in a rated match only with its consent "
                        "(PUT /accounts/me/consents/{organizer}); or create the match unrated.",
    "analysis_during_play": "A match still being played is analysed only for its organizer.",
    "metrics_admin_only": "Only the metrics token (METRICS_TOKEN) or an admin's token reads the metrics.",
}
_404 = {
    "not_found": "There is no such resource (unknown path).",
    "match_not_found": "There is no match with this id.",
    "account_not_found": "There is no account with this id.",
    "game_not_found": "This server plays no game of this name (GET /games lists them).",
    "example_not_found": "The game's rules have no such worked example or step (GET /games/{game}/examples lists them).",
    "tournament_not_found": "There is no tournament with this id.",
    "token_not_found": "The account has no token with this id.",
    "webhook_not_found": "The account has no webhook with this id.",
    "analysis_not_found": "No analysis of this position was requested.",
}
_405_415 = {
    "method_not_allowed": "This method is not allowed on this resource (see the Allow header).",
    "not_acceptable": "The server cannot answer in a media type the Accept header allows.",
    "too_large": "The body is larger than the server accepts.",
    "unsupported_media_type": "The body's Content-Type is not one this operation takes.",
}
_409 = {
    "too_many_consents": "You consent to as many organizers as you may (MAX_CONSENTS); withdraw one first.",
    "not_your_turn": "It is not your seat’s turn (or the match waits on the other seat).",
    "version_conflict": "The match is no longer at expected_version: read it again and decide again.",
    "match_over": "The match is over; nothing more can be played.",
    "game_over": "The game is over; nothing more can be played.",
    "play_is_over": "Play is over: only the endgame's submissions are left.",
    "not_started": "The match has not started yet.",
    "already_started": "The match has started; this was only possible before.",
    "already_open": "The match is open already; only its start can be moved.",
    "already_seated": "You hold a seat in this match already.",
    "seat_taken": "The seat is held by another account.",
    "no_open_seat": "The match has no open seat.",
    "not_invited": "You were not invited to this match.",
    "not_open_yet": "The match is not open yet: ready is taken from opens_at on.",
    "not_pregame": "Seats are chosen only in the pregame.",
    "out_of_time": "The command came at or after its deadline; the timeout decides instead.",
    "pregame": "The game is in its pregame: only the seat choice is open.",
    "match_exists": "A match with this id exists already.",
    "name_taken": "An account has this name already, or one that reads the same (case, I/l/1, O/0 and punctuation "
                  "are not told apart).",
    "too_many_tokens": "The account holds as many tokens as it may (MAX_TOKENS); revoke one first.",
    "too_many_webhooks": "The account holds as many webhooks as it may; delete one first.",
    "too_many_unstarted_matches": "You have as many unstarted matches as you may (MAX_UNSTARTED_MATCHES).",
    "too_many_invitations": "The invited account has as many open challenges as it may (MAX_INVITATIONS).",
    "too_many_invitations_from_you": "You have as many open challenges to this account as one sender may "
                                     "(MAX_INVITATIONS_PER_SENDER).",
    "too_many_blocks": "You block as many accounts as you may (MAX_BLOCKS).",
    "tournament_exists": "A tournament with this id exists already.",
    "tournament_over": "The tournament is over.",
    "round_not_open": "This round is not being played.",
    "result_already_recorded": "This table's result is recorded already.",
    "results_missing": "The round has tables without a result.",
    "busy": "The tournament is changing too fast; try again.",
    "registration_closed": "The tournament takes no more sign-ups (its registration closed or it started).",
    "already_registered": "You are signed up for this tournament already.",
    "not_registered": "You are not a player of this tournament.",
    "tournament_full": "The tournament has as many players as it may (TOURNAMENT_MAX_PLAYERS).",
    "tournament_started": "The tournament has started; this was only possible before.",
    "tournament_not_started": "The tournament has not started yet.",
    "tournament_paused": "The tournament is paused already.",
    "not_paused": "The tournament is not paused.",
    "player_is_playing": "The player has a match of the open round being played; wait for its end (or withdraw).",
    "too_many_open_registrations": "You have as many tournaments open for sign-up as you may "
                                   "(TOURNAMENT_OPEN_REGISTRATIONS); start one first.",
    "mulligan_decision": "Trax: the opponent of a Mulligan decides first (decline it, or play).",
    "no_pending_win": "Trax: there is no win waiting on a Mulligan decision.",
    "no_track_asked": "Duorail: no track is asked for now.",
    "solver_decides": "Duorail: the solver decides this challenge; no track is submitted.",
    "impossible_called": "MonUnrail: an Impossible call is waiting on its answer.",
    "no_impossible": "MonUnrail: there is no Impossible call to answer.",
    "judging": "MonUnrail: the Impossible call is being judged by the solver; nothing can be played.",
    "choosing_order": "MonUnrail: First Turn was used; the order is chosen first.",
    "not_choosing": "MonUnrail: the order is chosen only after First Turn.",
    "stale_answer": "MonUnrail: no Impossible call with this key waits for the solver.",
    "supply_locked": "MonUnrail: the supply is set only before the match starts.",
    "wrong_phase": "This command belongs to another phase of the game.",
    "not_selecting": "Deep Sea Voyage: boards are selected only at the start of a turn.",
    "not_routes_phase": "Deep Sea Voyage: routes are sent only in the routes phase.",
    "already_withdrawn": "This player has withdrawn from the tournament already.",
    "player_withdrawn": "This player has withdrawn from the tournament; it cannot be replaced.",
    "result_not_recorded": "This table has no result yet: record it rather than correct it.",
    "correction_too_late": "A knockout result can be corrected only until the next round is paired.",
}
_422 = {
    "cannot_block_yourself": "An account cannot block itself.",
    "not_an_organizer": "Consent is given to an organizer account; this account is not one.",
    "bad_json": "The command is not a JSON object with a string field 'type'.",
    "unknown_command": "This match's game has no command of this type.",
    "bad_command": "The command's fields are not valid for its type.",
    "unknown_game": "The server plays no game of this name.",
    "unknown_account": "There is no account with this id.",
    "unknown_seat": "The game has no seat of this name.",
    "bad_seats": "The seats are not exactly the game's seats.",
    "same_account_twice": "One account may not hold both seats.",
    "bad_priority": "The priority names no seat holder of this match.",
    "bad_invitation": "Only accounts seated by the match's creator can be invited.",
    "bad_pregame_time": "pregame_ms applies only to a match with a pregame.",
    "bad_options": "The game's options are not valid (the detail says which).",
    "start_in_past": "starts_at must not lie in the past.",
    "start_too_far": "starts_at must lie within a year from now.",
    "open_in_past": "opens_at must not lie in the past.",
    "open_too_far": "opens_at must lie within a year from now.",
    "opens_after_start": "opens_at must not lie after starts_at.",
    "idempotency_key_reused": "This Idempotency-Key was used with a different body.",
    "bad_name": "The name is not 1 to 40 letters, digits, '_', '.' or '-' (with at least one letter or digit).",
    "name_reserved": "The name reads as a built-in bot's name or id, the admin's, a site role's or an account id.",
    "bad_webhook_url": "The webhook URL is not an https (or http) URL the server may post to.",
    "webhook_destination_refused": "The webhook's host is, or resolves to, an address webhooks may not reach.",
    "webhook_host_not_found": "The webhook's host did not resolve (in time).",
    "unknown_format": "There is no tournament format of this name.",
    "too_few_players": "A tournament needs at least two players.",
    "duplicate_player": "A player appears twice in the tournament.",
    "bad_rounds": "The number of rounds does not fit the format.",
    "unknown_table": "The round has no table of this number.",
    "not_at_table": "The winner named does not play at this table.",
    "draw_not_allowed": "This format needs a winner at every table.",
    "too_many_players": "The tournament would have more players than it may (TOURNAMENT_MAX_PLAYERS).",
    "too_many_rounds": "The tournament would have more rounds than it may (TOURNAMENT_MAX_ROUNDS).",
    "schedule_too_long": "The schedule would span more days than it may (TOURNAMENT_MAX_SPAN_DAYS).",
    "bad_notation": "The move is not written in the game's notation.",
    "no_preview": "The game shows no previews of moves (its moves touch hidden information).",
    "not_a_legal_move": "A preview is of one of the caller's legal moves now, as listed; this is not one.",
    "occupied": "There is a piece or tile on that cell already.",
    "not_adjacent": "Trax: the tile must touch a tile on the board.",
    "colour_mismatch": "Trax: the tile's edges do not match its neighbours'.",
    "three_edges": "Trax: the move fills a space where three like-coloured edges meet.",
    "exceeds_8x8": "Trax: the 8x8 variant's board would grow past 8 by 8.",
    "bad_first_move": "Trax: the first tile goes at @0.",
    "mulligan_used": "Trax: your Mulligan is used already.",
    "no_mulligan_variant": "Trax: this match is played without Mulligans.",
    "nothing_to_rewind": "Trax: there is no move to take back.",
    "common_not_straight": "Duorail: a common piece is a straight.",
    "no_common_left": "Duorail: both common pieces are on the board.",
    "track_sealed": "Duorail: your sealed track stands.",
    "invalid_track": "Duorail: the track breaks the rules (the detail says how).",
    "bad_track": "Duorail: the track is not written as a cell and directions forming a loop.",
    "bad_cell": "The cell is not on the board.",
    "bad_shape": "Duorail: the piece's shape is not one of the game's.",
    "no_such_cell": "Cairo Corridor: there is no such pentagon.",
    "breaks_corridor": "Cairo Corridor: no corridor would remain.",
    "tile_count": "MonUnrail: place 1, 2 or 3 tiles.",
    "same_cell_twice": "MonUnrail: a cell is named twice.",
    "not_a_line": "MonUnrail: the tiles are not in one line.",
    "not_connected": "MonUnrail: the tiles do not connect to the track.",
    "kind_exhausted": "MonUnrail: not enough tiles of a kind are left in the supply.",
    "empty_cell": "MonUnrail: there is no tile to unrail there.",
    "blue_tile": "MonUnrail: blue tiles are never removed.",
    "no_swap": "MonUnrail: the pie rule is open only right after the first move.",
    "not_a_completion": "MonUnrail: the tiles do not complete the track.",
    "bad_answer": "MonUnrail: the solver's witness is not valid.",
    "bad_supply": "MonUnrail: the supply is not valid.",
    "no_item": "MonUnrail: you do not hold this item (or used it).",
    "too_late": "MonUnrail: this item's moment has passed.",
    "undo_after_impossible": "MonUnrail: a move answered by an Impossible call is not undone.",
    "nothing_to_undo": "MonUnrail: there is no move to undo.",
    "no_clock": "MonUnrail: this item needs a clock; the match has none.",
    "no_next_turn": "MonUnrail: the opponent has no next turn to rush.",
    "bad_move": "Deep Sea Voyage: this move does not fit the turn (the detail says what does).",
    "bad_board": "Deep Sea Voyage: the board description is not valid.",
    "unknown_board": "Deep Sea Voyage: there is no preset board of this name.",
    "dmo_named_twice": "Deep Sea Voyage: the DMO is named by both the match's priority and the dmo option.",
    "board_closed": "Deep Sea Voyage: the board is closed.",
    "board_taken": "Deep Sea Voyage: the board is taken this turn.",
    "board_decided": "Deep Sea Voyage: the board is decided; it needs no routes.",
    "bad_placement": "Deep Sea Voyage: the placement is not written as a piece on five cells.",
    "wrong_shape": "Deep Sea Voyage: the cells do not form that pentomino.",
    "piece_used": "Deep Sea Voyage: the pentomino is no longer in the board's bank.",
    "cell_not_free": "Deep Sea Voyage: a cell is not empty.",
    "not_your_ship": "Deep Sea Voyage: the route is for a ship your side does not sail.",
    "bad_route": "Deep Sea Voyage: the route is not written as a list of cells.",
    "invalid_route": "Deep Sea Voyage: the route breaks the rules (the detail says how).",
    "unknown_player": "The player named does not play in this tournament.",
    "already_entered": "The replacement plays (or played) in this tournament already.",
    "unknown_round": "The tournament has no round of this number.",
    "bad_correction": "A correction names who made it (by) and when (at, ms since the epoch).",
    "result_unchanged": "The table has this result already.",
    "unknown_export_table": "An export table is 'standings' or 'games'.",
}
_429_503 = {
    "rate_limited": "Too many requests in this window; come back after Retry-After seconds.",
    "too_many_streams": "The account (or address) has as many streams and long-polls open as it may (MAX_STREAMS).",
    "too_many_analyses": "The account has as many analyses queued or running as it may.",
    "headers_too_large": "The request line and header fields exceed MAX_HEADER_BYTES; the connection is closed.",
    "request_timeout": "The request's line and header fields (or its body) did not arrive within "
                       "REQUEST_HEADER_TIMEOUT_S (REQUEST_BODY_TIMEOUT_S); the connection is closed.",
    "too_many_connections": "The client's address (or IPv6 prefix) holds as many connections as it may "
                            "(MAX_CONNECTIONS_PER_ADDRESS); this one is closed.",
    "server_busy": "The server holds as many connections (MAX_CONNECTIONS) or streams and long-polls "
                   "(MAX_OPEN_STREAMS; without a token MAX_OPEN_STREAMS_ANONYMOUS) as it may; come back "
                   "after Retry-After seconds.",
    "internal_error": "Something went wrong on the server; nothing was changed by the request.",
    "practice_undecided": "The solver work a practice position waits on (an Impossible, a challenge) was not done "
                          "within PRACTICE_SOLVER_WAIT_S (or ran past its limit); ask again.",
    "store_unavailable": "The game store did not answer; a command may or may not be recorded: retry it with the "
                         "same Idempotency-Key.",
}

_STATUSES = {400: _400, 401: _401, 403: _403, 404: _404, 409: _409, 422: _422}
PROBLEM_CODES: dict[str, tuple[int, str]] = {
    **{code: (status, text) for status, codes in _STATUSES.items() for code, text in codes.items()},
    **{code: (status, _405_415[code]) for code, status in (("method_not_allowed", 405), ("not_acceptable", 406),
                                                           ("too_large", 413), ("unsupported_media_type", 415))},
    **{code: (status, _429_503[code]) for code, status in (
        ("rate_limited", 429), ("too_many_streams", 429), ("too_many_analyses", 429), ("headers_too_large", 431),
        ("internal_error", 500), ("store_unavailable", 503), ("practice_undecided", 503),
        ("request_timeout", 408), ("too_many_connections", 429), ("server_busy", 503))},
}
"""code → (HTTP status, what it means)."""


def markdown() -> str:
    """``docs/problems.md``: every code, its status and meaning (``python -m service problem-codes``)."""
    rows = [f"| `{code}` | {status} | {text} |" for code, (status, text) in
            sorted(PROBLEM_CODES.items(), key=lambda item: (item[1][0], item[0]))]
    return "\n".join([
        "# Problem codes", "",
        "Every refusal is an RFC 9457 problem document (`application/problem+json`) with a stable `code`,",
        "also the last part of its `type` (`/problems/<code>`), and a `detail` sentence about the case at hand.",
        "This page is generated from `service/http/problem_codes.py`; the OpenAPI document lists the same codes",
        "as the enum of `Problem.code`.", "",
        "| code | status | meaning |", "|---|---|---|", *rows, ""])
