"""Everything the screen says, in English and Spanish: labels, prompts and event sentences."""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import Card, Color, Rank, Refusal
from engine import events as ev

LANGUAGES = ("en", "es")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "Seat {n}",
        "title": "Take a seat",
        "cards": "cards",
        "card": "card",
        "pts": "pts",
        "dealer": "deals",
        "left": "left the game",
        "joined": "ready",
        "not_joined": "press {call} to join",
        "players_ready": "{n} players ready",
        "player_ready": "1 player ready",
        "rules": "Rules",
        "deck": "Deck {n}",
        "draw_badge": "+{n}",
        "direction": "play goes",
        "color_to_follow": "colour",
        "no_color": "colour not named yet",
        "reader_ok": "Reader connected",
        "reader_off": "No card reader",
        "pins": "Buttons: {name}",
        "typed": "Code",
        "help_title": "Keyboard",
        "help_close": "Press {help} again to close",
        "deals": "{name} deals",
        "deal_how": "{n} cards each, one at a time, starting with {first}",
        "choose_color": "Choose a colour",
        "challenge_title": "Wild +4 challenge",
        "challenge_decide": "{victim}: did {culprit} hold a {color} card?",
        "challenge_decide_any": "{victim}: did {culprit} hold a card of the colour to follow?",
        "challenge_reveal": "{challenger} challenges {culprit}",
        "challenge_rule": "A {color} card in the hand means guilty",
        "challenge_shown": "shown: {n} · still to show: {left}",
        "challenge_guilty": "Guilty: {name} draws {n}",
        "challenge_fair": "Fair: {name} draws {n}",
        "tally_title": "{name} wins the round!",
        "tally_total": "Points so far: {n}",
        "tally_left": "to scan: {n}",
        "tally_done": "done",
        "scores_title": "Scores",
        "round_won": "{name} wins the round: +{n}",
        "target": "first to {n} wins",
        "target_lowest": "at {n} the lowest score wins",
        "match_title": "{name} wins the match!",
        "match_no_points": "First out wins",
        "button_draw": "DRAW",
        "button_challenge": "CHALLENGE",
        # Prompts: what the awaited seat does next.
        "prompt_lobby": "Press {call} at your seat to join · the colour pad picks the rules",
        "prompt_resume": "A game was in progress: {draw} resumes it, {challenge} sets it aside",
        "prompt_lobby_start": "{call} joins · the colour pad picks the rules · {draw} starts",
        "prompt_match_done": "Match over: any seat's button for a new game",
        "prompt_flip": "{name}: turn over the first card and scan it",
        "prompt_flip_again": "Wild +4 can't start: shuffle it back, turn another and scan it",
        "prompt_turn": "{name}: play a card or press {draw}",
        "prompt_turn_multi": "{name}: play a card, or several of one symbol, or press {draw}",
        "prompt_target": "{name} plays {card}: who swaps hands? That seat presses {call}",
        "prompt_leave": "{name}: leave the game? {call} to leave, your other buttons to stay",
        "prompt_color": "{name}: choose a colour on the pad",
        "prompt_color_shuffle": "{name}: deal the hands again as shown, then choose a colour "
        "on the pad",
        "prompt_color_open": "{name}: choose a colour on the pad · {other} may play any colour now",
        "prompt_drawn": "{name}: play the card you drew, or press {draw} to pass",
        "prompt_drawn_more": "{name}: play the card if it fits, or press {draw} for another",
        "prompt_drawn_any": "{name}: play any card that fits, or press {draw} for another",
        "prompt_respond": "{name}: stack a draw card, or press {draw} to take {n}",
        "prompt_respond_cool": "{name}: answer with +2, +4, R or S, or press {draw} to take {n}",
        "prompt_counter_S": "{name}: counter the skip with S or R, or press {draw} to be skipped",
        "prompt_counter_R": "{name}: counter the reverse with R or S, or press {draw} to play on",
        "prompt_challenge": "{name}: press {challenge}, or {draw} to take {n}",
        "prompt_reveal_challenge": "{name}: show the challenger only the hand you held at the "
        "+4, scan each card ({draw}: cannot show more)",
        "prompt_reveal_points": "{name}: scan the cards left in your hand ({draw}: no more)",
        "prompt_round_over": "Next round: {name} deals · press {draw} to start it",
        "prompt_match_over": "Match over. Thanks for playing!",
        "demo_over": "The demo is over: close the window to leave",
        # Event sentences.
        "ev_dealt": "{name} deals {n} cards each",
        "ev_first": "First card: {card}",
        "ev_returned": "{card} can't start: back into the pile",
        "ev_played": "{name} plays {card}",
        "ev_played_color": "{name} plays {card}: {color}",
        "ev_played_auto": "{name}'s drawn {card} is played",
        "ev_color": "{name} chooses {color}",
        "ev_drew_one": "{name} draws a card",
        "ev_drew_none": "{name} finds no card to draw",
        "ev_drew": "{name} draws {n}",
        "ev_drew_uno": "{name} draws {n} for not calling {call}",
        "ev_drew_guilty": "{name} draws {n}: the +4 was a bluff",
        "ev_skipped": "{name} is skipped",
        "ev_reversed": "Direction reversed",
        "ev_passed": "{name} passes",
        "ev_stacked": "{name}: {n} to draw",
        "ev_uno": "{name} calls {call}!",
        "ev_caught": "{by} catches {name} without {call}!",
        "ev_challenged": "{by} challenges {name}'s +4",
        "ev_guilty": "{by} wins the challenge: {name} bluffed",
        "ev_innocent": "{by} loses the challenge: {name} played fair",
        "ev_reshuffled": "Discards shuffled into a new pile ({n})",
        "ev_revealed": "{name} shows {n} cards",
        "ev_revealed_one": "{name} shows {card}",
        "ev_left": "{name} leaves the game",
        "ev_counter_S": "{name} may counter the skip",
        "ev_counter_R": "{name} may counter the reverse",
        "ev_reverse_cancelled": "Reverse cancelled: {name} plays again",
        "ev_declined": "{name} lets it pass",
        "ev_swapped": "{name} swaps hands with {other}",
        "ev_passed_hands": "Every hand moves one seat on",
        "ev_shuffled": "{name} deals every hand again",
        "ev_round": "{name} wins the round (+{n})",
        "ev_match": "{name} wins the match!",
        # Refusals, by the engine's reason word.
        "no_match": "{card} doesn't fit: take it back",
        "not_your_turn": "not your turn: take the card back",
        "must_play": "you hold a card that fits: play it",
        "drew_already": "you have drawn: play that card or pass",
        "must_draw": "keep drawing: no passing yet",
        "must_answer": "{card} doesn't answer the draw: take it back",
        "only_drawn": "after drawing, only the drawn card may be played",
        "not_uno": "too many cards to call {call}",
        "already_called": "{call} is called already",
        "nothing_to_catch": "nobody to catch right now",
        "wrong_moment": "not now: {waiting}",
        "round_over": "the round is over",
        "round_not_over": "the round is not over yet",
        "not_in_hand": "that card is not in the hand",
        "seat_left": "this seat has left the game",
        "one_card": "one card per play",
        "too_many": "more cards than the hand holds",
        "no_copy_left": "every copy of that card is in sight already: take it back",
        "not_in_deck": "this deck has no {card}: take it back",
        "counting": "the hands are being counted: scan the cards left in hand, "
        "{draw} when all are shown",
        "counting_pressed": "{button} does nothing while the hands are counted: scan the cards "
        "left in hand, {draw} when all are shown",
        "no_such_seat": "there is no such seat",
        "unknown_action": "that is not a move",
        "challenged_left": "the +4 player has left: nobody to challenge",
        "no_target": "this play names no seat",
        "one_symbol": "several cards in one play must share one symbol",
        "keep_one": "several cards at once may not empty the hand",
        "out_on_number": "the round is won on a number card only",
        "needs_target": "a 7 swaps hands: choose the seat",
        "bad_target": "cannot swap hands with that seat",
        "must_counter": "{card} doesn't counter: S or R, or let it pass",
        "one_skip_per_reverse": "undoing the reverse takes one S per R",
        "not_wild": "only a wild takes a colour",
        "no_cards": "the draw pile is empty",
        "unknown_card": "unknown card code: {card}",
        "refused": "refused: {card}",
        "already_on_pile": "that card is already on the pile",
        "shown_already": "that card has been shown already",
        "read_twice": "the same card again so soon: read twice, ignored (another copy? scan again)",
        "not_taken": "{card} was not taken: take it back and play it again",
        "knobs_misfit": "the configured knobs do not fit these rules",
        "no_seat": "{who} is not playing in this game",
        "not_challenger": "only {awaited} may challenge the +4",
        "lobby_challenge": "{challenge} does nothing in the lobby: {call} joins, {draw} starts",
        "that_seat": "that seat",
        "the_victim": "the seat that must draw",
        "waiting_other": "the game waits for something else",
        "no_color_asked": "nobody has to choose a colour now",
        "two_seats": "two seats must join (press {call}) before the game starts",
        "join_first": "not joined yet: {call} joins, then {draw} at a joined seat starts",
        "lobby_scan": "press {call} to join, then {draw} to start",
        "resume_scan": "a game was in progress: {draw} resumes it first, {challenge} sets it aside",
        "not_your_turn_pressed": "not your turn: {button} does nothing now",
        "wrong_moment_pressed": "{button} does nothing now: {waiting}",
        "round_over_pressed": "the round is over: {draw} starts the next one",
        # Device problems, notices and the corner.
        "problem_unknown_code": "{source}: {code} is not a card code",
        "problem_unreadable": "{source}: a scan could not be read: scan it again",
        "problem_garbled": "{source}: a garbled scan: scan it again",
        "problem_ambiguous": "{source}: two readers match its device: name one",
        "problem_failed": "{source}: the reader failed: trying again",
        "problem_disconnected": "{source}: the reader was unplugged",
        "problem_not_found": "{source}: the reader is not plugged in",
        "problem_cannot_open": "{source}: the reader cannot be opened",
        "problem_show_two_cards": "{source}: two cards in view: show one card again",
        "problem_show_partial": "{source}: the card is not all on the spot: show it again",
        "problem_show_glare": "{source}: glare on the card: show it again",
        "problem_show_blur": "{source}: the card is blurred: show it again and hold it still",
        "problem_show_again": "{source}: not sure which card that is: show it again",
        "problem_faces_missing": "{source}: the camera knows no deck yet: "
        "run uno-table enroll --camera",
        "problem_faces_damaged": "{source}: the camera's faces file is damaged: enroll the deck "
        "again",
        "problem_faces_other_deck": "{source}: the camera's faces are of another deck: enroll "
        "this one",
        "problem_camera_not_found": "{source}: the camera is not plugged in",
        "problem_camera_cannot_open": "{source}: the camera cannot be opened",
        "problem_camera_software": "{source}: the camera's software is missing (README, Camera)",
        "enroll_title": "Enrolling the deck for the camera",
        "enroll_progress": "Face {n} of {of}",
        "enroll_lay": "Lay {card} on the spot",
        "enroll_still": "It is taken once it lies still",
        "enroll_keys": "Backspace: the one before again · Esc: stop",
        "problem_reader_software": "{source}: the reader's software is missing "
        "(README, Card readers)",
        "device_down": "Not working: {names}",
        "source_keyboard": "Keyboard",
        "typing": "Cards: keyboard",
        "resumed": "Game resumed",
        "pad": "colour pad",
        # Rulings worth a banner.
        "verdict_guilty": "{challenger} wins the challenge!",
        "verdict_guilty_detail": "{culprit} bluffed and draws {n}",
        "verdict_fair": "{challenger} loses the challenge",
        "verdict_fair_detail": "{culprit} played fair: {challenger} draws {n}",
        "verdict_caught": "{by} catches it!",
        "shuffle_title": "Wild shuffle hands",
        "shuffle_how": "{name} gathers every hand, shuffles them and deals one card at a time, "
        "starting with {first}: {share}",
        "shuffle_even": "{n} each",
        "shuffle_odd": "{n} to {more}, {less} to the others",
        "verdict_caught_detail": "{name} didn't call {call}: draws {n}",
        # The help overlay.
        "help_colors_keys": "R Y G B",
        "help_colors": "red, yellow, green, blue: a code's first letter",
        "help_codes_keys": "R5 Y0",
        "help_codes": "colour letter, then the number",
        "help_actions_keys": "RS RR RD2",
        "help_actions": "skip, reverse, +2: colour letter, then S, R or D2",
        "help_send": "scan the typed code (Esc clears it)",
        "help_toggle": "this help on / off",
        "help_leave_keys": "{draw} 2 s",
        "help_leave": "hold a seat's {draw} to leave the game; {call} there confirms",
        "challenge_chosen": "colour chosen: {color}",
        "challenge_private": "Only {name} looks at the hand",
        # Names of colours, card ranks and the presets.
        "R": "red",
        "Y": "yellow",
        "G": "green",
        "B": "blue",
        # A colour after a card name of the feminine (Spanish "reversa roja"): one form here.
        "R_f": "red",
        "Y_f": "yellow",
        "G_f": "green",
        "B_f": "blue",
        "letter_R": "R",
        "letter_Y": "Y",
        "letter_G": "G",
        "letter_B": "B",
        "card_number": "{color} {rank}",
        "card_skip": "{color} skip",
        "card_reverse": "{color} reverse",
        "card_draw2": "{color} +2",
        "card_W": "wild",
        "card_W4": "wild +4",
        "card_WS": "wild shuffle hands",
        "card_WC": "custom wild",
        # The saved game offered (the lobby while it waits for DRAW or CHALLENGE).
        "title_resume": "Resume the saved game?",
        "saved_progress": "Round {round}, move {moves}",
        "saved_seat": "was playing",
        "saved_not_seat": "not in this game",
        "alert_damage_found": "The saved game is damaged at line {line}: {draw} resumes it "
        "after {kept} moves (the whole file is kept), {challenge} sets it aside",
        # The lobby's rules line (table/screen/rules_line.py), a phrase a knob.
        "rule_points": "points to {n}",
        "rule_lowest": "lowest score at {n} wins",
        "rule_first_out": "first out wins",
        "rule_challenge": "+4 can be challenged",
        "rule_strict": "strict matching",
        "rule_stack_same": "stack +2 on +2, +4 on +4",
        "rule_stack_cross": "stack +2 and +4",
        "rule_stack_cool": "stack +2, +4, R, S",
        "rule_no_skip": "a penalty draw does not skip",
        "rule_draw_to_match": "draw until a card fits",
        "rule_draw_until_play": "draw at will",
        "rule_forced": "forced play",
        "rule_autoplay": "a drawn card that fits is played",
        "rule_multi": "several cards at once",
        "rule_counters": "counters",
        "rule_open_wild": "open wilds",
        "rule_out_on_number": "out on a number",
        "rule_seven_zero": "7-0",
        "rule_jump_in": "jump-in",
        "rule_race": "{call} race",
        "rule_hand_size": "{n} cards each",
        "rule_uno_penalty": "a missed {call} costs {n}",
        "note_shared_reader": "One shared reader: jump-ins are off (they need a reader per seat)",
        # The saved game (table/flow/alerts.py): a kind's sentence, a cause's words.
        "not_saved": "not saved: nothing changed, try again",
        "alert_cannot_save": "Cannot save: {cause}. Nothing changed: try again once it is fixed",
        "alert_cannot_read": "Cannot read the saved game: {cause}",
        "alert_in_use": "Another table (process {pid}) uses the save folder: stop it first",
        "alert_damaged": "The saved game was damaged at line {line}: resumed after {kept} "
        "moves; the whole file is kept as {file}",
        "alert_unreadable": "The saved game could not be read: it is kept as {file}",
        "alert_misfit": "The saved game has {seats} seats, this table {configured}: "
        "{challenge} sets it aside",
        "alert_rewritten": "Another program removed or changed the saved game: it is saved "
        "again from this table, nothing lost",
        "alert_not_a_game": "There is {thing} where the saved game goes: {challenge} sets it aside",
        "thing_folder": "a folder",
        "thing_fifo": "a named pipe (FIFO)",
        "thing_device": "a device",
        "thing_socket": "a socket",
        "thing_dangling": "a link to nothing",
        "thing_loop": "a loop of links",
        "thing_other": "something that is not a file",
        "thing_too_big": "a file too big to be a saved game",
        "cause_disk_full": "the disk is full",
        "cause_read_only": "the disk is read-only",
        "cause_no_permission": "no permission to write there",
        "cause_missing": "the folder is missing",
        "cause_in_the_way": "something else is where the saved game goes",
        "cause_other": "{detail}",
    },
    "es": {
        "seat": "Asiento {n}",
        "title": "Siéntate a jugar",
        "cards": "cartas",
        "card": "carta",
        "pts": "pts",
        "dealer": "reparte",
        "left": "ya no juega",
        "joined": "listo",
        "not_joined": "{call} para unirte",
        "players_ready": "{n} jugadores listos",
        "player_ready": "1 jugador listo",
        "rules": "Reglas",
        "deck": "Mazo {n}",
        "draw_badge": "+{n}",
        "direction": "sentido",
        "color_to_follow": "color",
        "no_color": "color sin elegir",
        "reader_ok": "Lector conectado",
        "reader_off": "Sin lector de cartas",
        "pins": "Botones: {name}",
        "typed": "Código",
        "help_title": "Teclado",
        "help_close": "Pulsa {help} otra vez para cerrar",
        "deals": "Reparte {name}",
        "deal_how": "{n} cartas a cada uno, de una en una, empezando por {first}",
        "choose_color": "Elige un color",
        "challenge_title": "Reto al comodín +4",
        "challenge_decide": "{victim}: ¿tenía {culprit} una carta de color {color}?",
        "challenge_decide_any": "{victim}: ¿tenía {culprit} una carta del color a seguir?",
        "challenge_reveal": "{challenger} reta a {culprit}",
        "challenge_rule": "Culpable si tenía color {color}",
        "challenge_shown": "enseñadas: {n} · por enseñar: {left}",
        "challenge_guilty": "Culpable: {name} roba {n}",
        "challenge_fair": "Limpio: {name} roba {n}",
        "tally_title": "¡{name} gana la ronda!",
        "tally_total": "Puntos por ahora: {n}",
        "tally_left": "quedan: {n}",
        "tally_done": "hecho",
        "scores_title": "Puntuación",
        "round_won": "{name} gana la ronda: +{n}",
        "target": "gana el primero en llegar a {n}",
        "target_lowest": "al llegar a {n} gana la puntuación más baja",
        "match_title": "¡{name} gana la partida!",
        "match_no_points": "Gana el primero en quedarse sin cartas",
        "button_draw": "ROBAR",
        "button_challenge": "RETAR",
        "prompt_lobby": "Pulsa {call} en tu asiento para unirte · colores: reglas",
        "prompt_resume": "Hay una partida a medias: {draw} la retoma, {challenge} la aparta",
        "prompt_lobby_start": "{call}: unirse · colores: reglas · {draw}: empezar",
        "prompt_match_done": "Partida terminada: cualquier botón de un asiento para otra",
        "prompt_flip": "{name}: da la vuelta a la primera carta y escanéala",
        "prompt_flip_again": "El +4 no puede empezar: devuélvelo al mazo, saca otra y escanéala",
        "prompt_turn": "{name}: juega una carta o pulsa {draw}",
        "prompt_turn_multi": "{name}: juega una carta, o varias del mismo símbolo, o pulsa {draw}",
        "prompt_target": "{name} juega {card}: ¿con quién cambia la mano? Ese asiento pulsa {call}",
        "prompt_leave": "{name}: ¿dejas la partida? {call} para dejarla, tus otros botones "
        "para seguir",
        "prompt_color": "{name}: elige un color en el pulsador",
        "prompt_color_shuffle": "{name}: reparte las manos como se indica y elige un color "
        "en el pulsador",
        "prompt_color_open": "{name}: elige un color en el pulsador · {other} ya puede jugar "
        "cualquier color",
        "prompt_drawn": "{name}: juega la carta robada o pulsa {draw} para pasar",
        "prompt_drawn_more": "{name}: juega la carta si sirve, o pulsa {draw} para otra",
        "prompt_drawn_any": "{name}: juega cualquier carta que sirva, o pulsa {draw} para otra",
        "prompt_respond": "{name}: acumula un +2 o +4, o pulsa {draw} y roba {n}",
        "prompt_respond_cool": "{name}: responde con +2, +4, reversa o bloqueo, o {draw}: roba {n}",
        "prompt_counter_S": "{name}: responde al bloqueo con bloqueo o reversa, o {draw} y pasa",
        "prompt_counter_R": "{name}: responde a la reversa con reversa o bloqueo, o {draw} y juega",
        "prompt_challenge": "{name}: pulsa {challenge}, o {draw} para robar {n}",
        "prompt_reveal_challenge": "{name}: enseña solo a quien reta la mano que tenías al "
        "tirar el +4 y escanea cada carta ({draw}: no puedes más)",
        "prompt_reveal_points": "{name}: escanea las cartas que te quedan ({draw}: no hay más)",
        "prompt_round_over": "Siguiente ronda: reparte {name} · pulsa {draw} para empezarla",
        "prompt_match_over": "Fin de la partida. ¡Gracias por jugar!",
        "demo_over": "La demostración ha terminado: cierra la ventana para salir",
        "ev_dealt": "{name} reparte {n} cartas a cada uno",
        "ev_first": "Primera carta: {card}",
        "ev_returned": "{card} no puede empezar: vuelve al mazo",
        "ev_played": "{name} juega {card}",
        "ev_played_color": "{name} juega {card}: {color}",
        "ev_played_auto": "Se juega la carta robada de {name}: {card}",
        "ev_color": "{name} elige {color}",
        "ev_drew_one": "{name} roba una carta",
        "ev_drew_none": "{name} no encuentra carta que robar",
        "ev_drew": "{name} roba {n}",
        "ev_drew_uno": "{name} roba {n} por no decir {call}",
        "ev_drew_guilty": "{name} roba {n}: el +4 era un farol",
        "ev_skipped": "{name} pierde el turno",
        "ev_reversed": "Sentido invertido",
        "ev_passed": "{name} pasa",
        "ev_stacked": "{name}: {n} por robar",
        "ev_uno": "¡{name} dice {call}!",
        "ev_caught": "¡{by} pilla a {name} sin decir {call}!",
        "ev_challenged": "{by} reta el +4 de {name}",
        "ev_guilty": "{by} gana el reto: {name} iba de farol",
        "ev_innocent": "{by} pierde el reto: {name} jugó limpio",
        "ev_reshuffled": "Los descartes forman un mazo nuevo ({n})",
        "ev_revealed": "{name} enseña {n} cartas",
        "ev_revealed_one": "{name} enseña {card}",
        "ev_left": "{name} deja la partida",
        "ev_counter_S": "{name} puede responder al bloqueo",
        "ev_counter_R": "{name} puede responder a la reversa",
        "ev_reverse_cancelled": "Reversa anulada: {name} juega otra vez",
        "ev_declined": "{name} lo deja pasar",
        "ev_swapped": "{name} cambia la mano con {other}",
        "ev_passed_hands": "Cada mano pasa al asiento siguiente",
        "ev_shuffled": "{name} reparte todas las manos de nuevo",
        "ev_round": "{name} gana la ronda (+{n})",
        "ev_match": "¡{name} gana la partida!",
        "no_match": "{card} no sirve: recógela",
        "not_your_turn": "no es tu turno: recoge la carta",
        "must_play": "tienes una carta que sirve: juégala",
        "drew_already": "ya has robado: juega esa carta o pasa",
        "must_draw": "sigue robando: todavía no se pasa",
        "must_answer": "{card} no responde al robo: recógela",
        "only_drawn": "tras robar solo se puede jugar la carta robada",
        "not_uno": "demasiadas cartas para decir {call}",
        "already_called": "ya has dicho {call}",
        "nothing_to_catch": "no hay nadie a quien pillar",
        "wrong_moment": "ahora no: {waiting}",
        "round_over": "la ronda ha terminado",
        "round_not_over": "la ronda no ha terminado",
        "not_in_hand": "esa carta no está en la mano",
        "seat_left": "este asiento ha dejado la partida",
        "one_card": "una carta por jugada",
        "too_many": "más cartas de las que tiene la mano",
        "no_copy_left": "todas las copias de esa carta ya están a la vista: recógela",
        "not_in_deck": "esta baraja no tiene {card}: recógela",
        "counting": "se cuentan las manos: escanea las cartas que quedan, {draw} cuando estén "
        "todas",
        "counting_pressed": "{button} no hace nada mientras se cuentan las manos: escanea las "
        "cartas que quedan, {draw} cuando estén todas",
        "no_such_seat": "ese asiento no existe",
        "unknown_action": "eso no es una jugada",
        "challenged_left": "quien jugó el +4 se ha ido: no hay a quién retar",
        "no_target": "esta jugada no elige asiento",
        "one_symbol": "varias cartas en una jugada deben tener el mismo símbolo",
        "keep_one": "no se puede vaciar la mano con varias cartas a la vez",
        "out_on_number": "solo se gana con una carta de número",
        "needs_target": "un 7 cambia la mano: elige el asiento",
        "bad_target": "no se puede cambiar la mano con ese asiento",
        "must_counter": "{card} no responde: bloqueo o reversa, o déjalo pasar",
        "one_skip_per_reverse": "anular la reversa pide un bloqueo por cada reversa",
        "not_wild": "solo un comodín elige color",
        "no_cards": "el mazo está vacío",
        "unknown_card": "código de carta desconocido: {card}",
        "refused": "rechazada: {card}",
        "already_on_pile": "esa carta ya está en la pila",
        "shown_already": "esa carta ya se ha enseñado",
        "read_twice": "la misma carta otra vez tan pronto: leída dos veces, ignorada "
        "(¿otra copia? escanéala otra vez)",
        "not_taken": "{card} no se llegó a jugar: recógela y juégala otra vez",
        "knobs_misfit": "los ajustes configurados no encajan con estas reglas",
        "no_seat": "{who} no juega esta partida",
        "not_challenger": "solo {awaited} puede retar el +4",
        "lobby_challenge": "{challenge} no hace nada aquí: {call} une, {draw} empieza",
        "that_seat": "ese asiento",
        "the_victim": "quien debe robar",
        "waiting_other": "la partida espera otra cosa",
        "no_color_asked": "ahora nadie tiene que elegir color",
        "two_seats": "deben unirse dos asientos (pulsa {call}) antes de empezar",
        "join_first": "aún no te has unido: {call} une, y {draw} en un asiento unido empieza",
        "lobby_scan": "pulsa {call} para unirte y {draw} para empezar",
        "resume_scan": "hay una partida a medias: {draw} la retoma antes, {challenge} la aparta",
        "not_your_turn_pressed": "no es tu turno: {button} no hace nada ahora",
        "wrong_moment_pressed": "{button} no hace nada ahora: {waiting}",
        "round_over_pressed": "la ronda ha terminado: {draw} empieza la siguiente",
        "problem_unknown_code": "{source}: {code} no es un código de carta",
        "problem_unreadable": "{source}: no se pudo leer: escanéala otra vez",
        "problem_garbled": "{source}: lectura corrupta: escanéala otra vez",
        "problem_ambiguous": "{source}: dos lectores encajan con su dispositivo: indica uno",
        "problem_failed": "{source}: el lector ha fallado: se vuelve a intentar",
        "problem_disconnected": "{source}: el lector se ha desconectado",
        "problem_not_found": "{source}: el lector no está conectado",
        "problem_cannot_open": "{source}: no se puede abrir el lector",
        "problem_show_two_cards": "{source}: hay dos cartas a la vista: muestra solo una",
        "problem_show_partial": "{source}: la carta no está entera en el sitio: muéstrala otra vez",
        "problem_show_glare": "{source}: hay reflejos en la carta: muéstrala otra vez",
        "problem_show_blur": "{source}: la carta sale borrosa: muéstrala otra vez, quieta",
        "problem_show_again": "{source}: no está claro qué carta es: muéstrala otra vez",
        "problem_faces_missing": "{source}: la cámara aún no conoce la baraja: "
        "ejecuta uno-table enroll --camera",
        "problem_faces_damaged": "{source}: el archivo de caras de la cámara está dañado: "
        "registra la baraja otra vez",
        "problem_faces_other_deck": "{source}: las caras de la cámara son de otra baraja: "
        "registra esta",
        "problem_camera_not_found": "{source}: la cámara no está conectada",
        "problem_camera_cannot_open": "{source}: no se puede abrir la cámara",
        "problem_camera_software": "{source}: falta el software de la cámara (README, Cámara)",
        "enroll_title": "Registrando la baraja para la cámara",
        "enroll_progress": "Cara {n} de {of}",
        "enroll_lay": "Pon {card} en el sitio",
        "enroll_still": "Se toma en cuanto está quieta",
        "enroll_keys": "Retroceso: la anterior otra vez · Esc: parar",
        "problem_reader_software": "{source}: falta el software del lector (README, Card readers)",
        "device_down": "Sin respuesta: {names}",
        "source_keyboard": "Teclado",
        "typing": "Cartas: teclado",
        "resumed": "Partida retomada",
        "pad": "pulsador de colores",
        "verdict_guilty": "¡{challenger} gana el reto!",
        "verdict_guilty_detail": "{culprit} iba de farol y roba {n}",
        "verdict_fair": "{challenger} pierde el reto",
        "verdict_fair_detail": "{culprit} jugó limpio: {challenger} roba {n}",
        "verdict_caught": "¡{by} lo pilla!",
        "shuffle_title": "Comodín cambio de manos",
        "shuffle_how": "{name} junta todas las manos, las baraja y reparte de una en una "
        "empezando por {first}: {share}",
        "shuffle_even": "{n} a cada uno",
        "shuffle_odd": "{n} para {more}, {less} para los demás",
        "verdict_caught_detail": "{name} no dijo {call}: roba {n}",
        "help_colors_keys": "R Y G B",
        "help_colors": "rojo, amarillo, verde, azul: la letra del color",
        "help_codes_keys": "R5 Y0",
        "help_codes": "letra del color y número",
        "help_actions_keys": "RS RR RD2",
        "help_actions": "bloqueo, reversa, +2: letra del color y luego S, R o D2",
        "help_send": "escanea el código escrito (Esc lo borra)",
        "help_toggle": "esta ayuda sí / no",
        "help_leave_keys": "{draw} 2 s",
        "help_leave": "mantén {draw} de un asiento para dejar la partida; su {call} lo confirma",
        "challenge_chosen": "color elegido: {color}",
        "challenge_private": "Solo {name} mira la mano",
        "R": "rojo",
        "Y": "amarillo",
        "G": "verde",
        "B": "azul",
        "R_f": "roja",
        "Y_f": "amarilla",
        "G_f": "verde",
        "B_f": "azul",
        "letter_R": "Ro",
        "letter_Y": "Am",
        "letter_G": "Ve",
        "letter_B": "Az",
        "card_number": "{rank} {color}",
        "card_skip": "bloqueo {color}",
        "card_reverse": "reversa {color_f}",
        "card_draw2": "+2 {color}",
        "card_W": "comodín",
        "card_W4": "comodín +4",
        "card_WS": "comodín cambio de manos",
        "card_WC": "comodín personalizado",
        "title_resume": "¿Seguimos la partida guardada?",
        "saved_progress": "Ronda {round}, jugada {moves}",
        "saved_seat": "jugaba",
        "saved_not_seat": "no jugaba",
        "alert_damage_found": "La partida guardada está dañada en la línea {line}: {draw} la "
        "retoma tras {kept} jugadas (el archivo entero se guarda), {challenge} la aparta",
        "rule_points": "puntos hasta {n}",
        "rule_lowest": "gana el más bajo al llegar a {n}",
        "rule_first_out": "gana el primero en salir",
        "rule_challenge": "el +4 se puede retar",
        "rule_strict": "emparejar estricto",
        "rule_stack_same": "+2 sobre +2, +4 sobre +4",
        "rule_stack_cross": "+2 y +4 acumulables",
        "rule_stack_cool": "acumula +2, +4, R, S",
        "rule_no_skip": "robar de castigo no salta turno",
        "rule_draw_to_match": "robar hasta que sirva",
        "rule_draw_until_play": "roba a voluntad",
        "rule_forced": "juego obligado",
        "rule_autoplay": "la carta robada que sirve se juega",
        "rule_multi": "varias cartas a la vez",
        "rule_counters": "contraataques",
        "rule_open_wild": "comodín abierto",
        "rule_out_on_number": "se sale con un número",
        "rule_seven_zero": "7-0",
        "rule_jump_in": "cortar fuera de turno",
        "rule_race": "carrera de {call}",
        "rule_hand_size": "{n} cartas cada uno",
        "rule_uno_penalty": "olvidar {call} cuesta {n}",
        "note_shared_reader": "Un solo lector: nada fuera de turno (pide un lector por asiento)",
        "not_saved": "no se ha guardado: nada ha cambiado, inténtalo otra vez",
        "alert_cannot_save": "No se puede guardar: {cause}. Nada ha cambiado: "
        "inténtalo otra vez cuando esté arreglado",
        "alert_cannot_read": "No se puede leer la partida guardada: {cause}",
        "alert_in_use": "Otra mesa (proceso {pid}) usa la carpeta de guardado: párala antes",
        "alert_damaged": "La partida guardada estaba dañada en la línea {line}: se retoma tras "
        "{kept} jugadas; el archivo entero se guarda como {file}",
        "alert_unreadable": "No se pudo leer la partida guardada: se guarda como {file}",
        "alert_misfit": "La partida guardada tiene {seats} asientos, esta mesa {configured}: "
        "{challenge} la aparta",
        "alert_rewritten": "Otro programa borró o cambió la partida guardada: se guarda de "
        "nuevo desde esta mesa, sin perder nada",
        "alert_not_a_game": "Hay {thing} donde va la partida guardada: {challenge} lo aparta",
        "thing_folder": "una carpeta",
        "thing_fifo": "una tubería con nombre (FIFO)",
        "thing_device": "un dispositivo",
        "thing_socket": "un socket",
        "thing_dangling": "un enlace que no lleva a nada",
        "thing_loop": "un bucle de enlaces",
        "thing_other": "algo que no es un archivo",
        "thing_too_big": "un archivo demasiado grande para ser una partida",
        "cause_disk_full": "el disco está lleno",
        "cause_read_only": "el disco es de solo lectura",
        "cause_no_permission": "no hay permiso para escribir ahí",
        "cause_missing": "falta la carpeta",
        "cause_in_the_way": "hay otra cosa donde va la partida guardada",
        "cause_other": "{detail}",
    },
}

_RANK_KEYS = {Rank.SKIP: "card_skip", Rank.REVERSE: "card_reverse", Rank.DRAW2: "card_draw2"}


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where a user's language is asked for, the first set one winning (POSIX's order)."""


def asked_locale(env: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The locale the environment asks for, as (variable, value): the table's sentences are
    its own, so a locale the system has not generated (Python then reports en_US) still
    counts. None when none is set."""
    env = os.environ if env is None else env
    return next(((v, env[v]) for v in LOCALE_VARIABLES if env.get(v)), None)


def default_language(name: str | None = None) -> str:
    """The language of a locale name (the user's asked-for locale by default): "es" or "en"."""
    if name is None:
        asked = asked_locale()
        name = asked[1] if asked else locale.getlocale()[0]
    return "es" if (name or "").lower().startswith("es") else "en"


def language_said(setting: str, env: Mapping[str, str] | None = None) -> str:
    """One line for the log at start: the language the table speaks and why."""
    if setting != "auto":
        return f"language: {setting} (configured)"
    asked = asked_locale(env)
    if asked is None:
        return f"language: {default_language()} (auto: no LANG, LC_ALL or LC_MESSAGES set)"
    variable, value = asked
    lang = default_language(value)
    if lang == "en" and not value.lower().startswith(("en", "c", "posix")):
        return (f"language: en (auto: {variable}={value} is neither English nor Spanish; "
                'set language = "es" or "en" in the configuration)')  # fmt: skip
    return f"language: {lang} (auto: {variable}={value})"


@dataclass(frozen=True)
class Text:
    """The sentences of one language, with the table's call word ("UNO" by default)."""

    lang: str = "en"
    call_word: str = "UNO"

    def __post_init__(self) -> None:
        if self.lang not in STRINGS:
            raise ValueError(f"language must be one of {LANGUAGES}, not {self.lang!r}")

    def __call__(self, key: str, **values) -> str:
        """The sentence `key` with its blanks filled; {call}, {draw}, {challenge} always work."""
        buttons = {
            "call": self.call_word,
            "draw": STRINGS[self.lang]["button_draw"],
            "challenge": STRINGS[self.lang]["button_challenge"],
        }
        return STRINGS[self.lang][key].format(**(buttons | values))

    def has(self, key: str) -> bool:
        return key in STRINGS[self.lang]

    def seat_name(self, seat: int) -> str:
        """The default name of a seat, counted from 1 for people."""
        return self("seat", n=seat + 1)

    def color(self, color: Color | str) -> str:
        return self(str(Color.parse(color)))

    def letter(self, color: Color | str) -> str:
        """The colour's letter printed on cards and swatches."""
        return self("letter_" + str(Color.parse(color)))

    def card(self, code: Card | str) -> str:
        """A card's name: "red 5", "wild +4"."""
        card = Card.parse(code)
        if card.is_wild:
            return self("card_" + card.rank.value)
        key = _RANK_KEYS.get(card.rank, "card_number")
        letter = str(card.color)
        # Spanish colours agree with the card's name: "bloqueo rojo", "reversa roja".
        feminine = self(f"{letter}_f") if self.has(f"{letter}_f") else self.color(letter)
        return self(key, color=self.color(letter), color_f=feminine, rank=card.rank.value)

    def refusal(
        self,
        reason: Refusal | str,
        card: Card | str | None = None,
        message: str = "",
        pressed: str = "",
        **blanks: str,
    ) -> str:
        """A refused input as a sentence, from its reason (a `Refusal`, or the session's own
        word): a button's own sentence for a press, naming the card of a scan. Every reason
        has a sentence (a test checks each `Refusal` and `TableRefusal`); a notice with no
        reason is its message. `blanks` name the seat it came from (`who`), the awaited seat
        (`awaited`) and what the game waits for (`waiting`)."""
        card = self._card_or_blank(card or None)
        blanks = {
            "who": self("that_seat"),
            "awaited": self("the_victim"),
            "waiting": self("waiting_other"),
        } | blanks
        if not reason:
            return message or self("refused", card=card)
        if not self.has(reason):
            raise ValueError(f"no sentence for the refusal {reason!r}")
        if pressed and self.has(f"{reason}_pressed"):
            return self(f"{reason}_pressed", button=self.button(pressed), card=card, **blanks)
        return self(reason, card=card, **blanks)

    def button(self, button: str) -> str:
        """A button's name as printed on it: the call word, DRAW, a colour of the pad."""
        name = str(button)
        if name == "uno":
            return self.call_word
        if name in ("draw", "challenge"):
            return self(f"button_{name}")
        return self.color(name[0].upper()).upper()

    def source(self, name: str) -> str:
        """A device's name: the keyboard in the table's language, a reader as configured."""
        key = f"source_{name}"
        return self(key) if self.has(key) else name

    def line(self, line: str) -> str:
        """A plain line of the events list: the table's own sentence where it has one."""
        return self(line) if self.has(line) else line

    def alert(self, kind: str, cause: str | None = None, **blanks) -> str:
        """A problem with the saved game as a sentence: "Cannot save: the disk is full..."."""
        if cause is not None:
            blanks["cause"] = self("cause_" + cause, **blanks)
        if blanks.get("thing"):
            blanks["thing"] = self("thing_" + blanks["thing"])
        return self("alert_" + kind, **blanks)

    def _card_or_blank(self, card) -> str:
        if card is None:
            return ""
        try:
            return self.card(card)
        except ValueError:
            return str(card)

    def event(self, event: ev.Event, names: Sequence[str]) -> str | None:
        """A sentence for an engine event, naming seats with `names`; None for unknown events."""

        def name(seat: int) -> str:
            return names[seat] if 0 <= seat < len(names) else self.seat_name(seat)

        match event:
            case ev.Dealt(dealer, size):
                return self("ev_dealt", name=name(dealer), n=size)
            case ev.FirstCard(card):
                return self("ev_first", card=self.card(card))
            case ev.ReturnedToPile(card):
                return self("ev_returned", card=self.card(card))
            case ev.Played(seat, cards, color, auto):
                return self._played(name(seat), cards, color, auto)
            case ev.ColorChosen(seat, color):
                return self("ev_color", name=name(seat), color=self.color(color))
            case ev.Drew(seat, count, _, reason):
                return self._drew(name(seat), count, reason)
            case ev.Skipped(seat):
                return self("ev_skipped", name=name(seat))
            case ev.Reversed():
                return self("ev_reversed")
            case ev.Passed(seat):
                return self("ev_passed", name=name(seat))
            case ev.DrawStacked(seat, total):
                return self("ev_stacked", name=name(seat), n=total)
            case ev.UnoCalled(seat):
                return self("ev_uno", name=name(seat))
            case ev.UnoCaught(seat, by):
                return self("ev_caught", name=name(seat), by=name(by))
            case ev.Challenged(challenger, challenged):
                return self("ev_challenged", by=name(challenger), name=name(challenged))
            case ev.ChallengeSettled(challenger, challenged, guilty):
                key = "ev_guilty" if guilty else "ev_innocent"
                return self(key, name=name(challenged), by=name(challenger))
            case ev.Reshuffled(count):
                return self("ev_reshuffled", n=count)
            case ev.Revealed(seat, cards):
                if len(cards) == 1:
                    return self("ev_revealed_one", name=name(seat), card=self.card(cards[0]))
                return self("ev_revealed", name=name(seat), n=len(cards))
            case ev.Left(seat):
                return self("ev_left", name=name(seat))
            case ev.CounterOpen(seat, against, _):
                return self(f"ev_counter_{against}", name=name(seat))
            case ev.CounterDeclined(seat, _):
                return self("ev_declined", name=name(seat))
            case ev.ReverseCancelled(seat, _):
                return self("ev_reverse_cancelled", name=name(seat))
            case ev.HandsSwapped(seat, target):
                return self("ev_swapped", name=name(seat), other=name(target))
            case ev.HandsPassed():
                return self("ev_passed_hands")
            case ev.HandsShuffled(seat, _):
                return self("ev_shuffled", name=name(seat))
            case ev.RoundOver(winner, points):
                return self("ev_round", name=name(winner), n=points)
            case ev.MatchOver(winner):
                return self("ev_match", name=name(winner))
        return None

    def _played(self, who: str, cards, color, auto: bool) -> str:
        card = " + ".join(self.card(c) for c in cards)
        if auto:
            return self("ev_played_auto", name=who, card=card)
        if cards[-1].is_wild and color is not None:
            return self("ev_played_color", name=who, card=card, color=self.color(color))
        return self("ev_played", name=who, card=card)

    def _drew(self, who: str, count: int, reason: str | None) -> str:
        if count == 0:
            return self("ev_drew_none", name=who)
        if reason == "uno":
            return self("ev_drew_uno", name=who, n=count)
        if reason == "guilty":
            return self("ev_drew_guilty", name=who, n=count)
        if reason is None and count == 1:
            return self("ev_drew_one", name=who)
        return self("ev_drew", name=who, n=count)
