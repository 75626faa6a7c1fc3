"""The site's two languages: the message catalogue and how a page picks its language.

A page's language comes from ``?lang=`` (which is then remembered), else the
``ct_lang`` cookie, else the browser's ``Accept-Language``, else English. Every
UI string lives in :data:`MESSAGES` in both languages; templates call ``t(key)``
and the browser client gets the catalogue of its language as JSON
(``{name}`` placeholders are filled in on either side).
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("en", "de")
DEFAULT = "en"
COOKIE = "ct_lang"

GAME_NAMES = {
    "duel": ("Paternoster Duel", "Paternoster-Duell"),
    "paternoster": ("Paternoster", "Paternoster"),
    "duel52": ("Duel 52", "Duell 52"),
    "matebeta": ("MateBeta", "MateBeta"),
}

_M: dict[str, tuple[str, str]] = {
    # --- site ---
    "site.tagline": ("Card games for two and more, in your browser",
                     "Kartenspiele zu zweit und mehr, im Browser"),
    "site.intro": ("Four card games with rules of their own. Play against the computer in one "
                   "click, or send a friend a link. No account, nothing to install.",
                   "Vier Kartenspiele mit eigenen Regeln. Gegen den Computer mit einem Klick, "
                   "oder schick jemandem einen Link. Kein Konto, nichts zu installieren."),
    "nav.games": ("Games", "Spiele"),
    "nav.rules": ("Rules", "Regeln"),
    "nav.language": ("Language", "Sprache"),
    "nav.home": ("Home", "Start"),
    "nav.skip": ("Skip to content", "Zum Inhalt springen"),
    "pref.four_colour": ("Four-colour suits", "Vierfarbige Farben"),
    "pref.four_colour_hint": ("♦ blue and ♣ green, so that no two suits share a colour",
                              "♦ blau und ♣ grün, damit keine zwei Farben gleich aussehen"),
    "footer.text": ("cardtable: our own rules texts and simulations.",
                    "cardtable: eigene Regeltexte und Simulationen."),
    "home.play_now": ("Play now", "Jetzt spielen"),
    "home.rules": ("Rules", "Regeln"),
    "home.options": ("More options", "Weitere Optionen"),
    "home.players": ("{players} players", "{players} Spieler"),
    "game.duel.line": ("A race for two: red against black, a rising and a falling pile each, "
                       "and pushes onto the other's piles.",
                       "Ein Wettlauf zu zweit: Rot gegen Schwarz, je ein steigender und ein "
                       "fallender Stapel, und Schübe auf die Stapel des anderen."),
    "game.paternoster.line": ("Play together: four piles, two going up, two going down. "
                              "Get every card down as a team.",
                              "Gemeinsam spielen: vier Stapel, zwei aufwärts, zwei abwärts. "
                              "Bringt als Team alle Karten unter."),
    "game.duel52.line": ("Three lanes, hidden cards and a power for every rank. "
                         "Win two lanes.",
                         "Drei Bahnen, verdeckte Karten und eine Kraft für jeden Rang. "
                         "Gewinne zwei Bahnen."),
    "game.matebeta.line": ("Twenty cards, both hands open, no luck in play: mate late "
                           "and with a valuable card.",
                           "Zwanzig Karten, beide Hände offen, kein Glück im Spiel: spät und "
                           "mit einer wertvollen Karte mattsetzen."),
    "game.duel.players": ("2 players (4 in the Team duel)", "2 Spieler (4 im Teamduell)"),
    "game.paternoster.players": ("1–5 players (6–8 in the Tower)",
                                 "1–5 Spieler (6–8 im Turm)"),
    "game.duel52.players": ("2 players", "2 Spieler"),
    "game.matebeta.players": ("2 players", "2 Spieler"),
    # --- new table ---
    "new.title": ("New table: {game}", "Neuer Tisch: {game}"),
    "new.quick": ("Play against the computer", "Gegen den Computer spielen"),
    "new.quick_hint": ("Standard rules, you against the strongest computer player.",
                       "Grundregeln, du gegen den stärksten Computerspieler."),
    "new.custom": ("Set up your own table", "Eigenen Tisch einrichten"),
    "new.players": ("Players", "Spieler"),
    "new.seat": ("Seat {n}", "Platz {n}"),
    "new.you": ("You", "Du"),
    "new.your_name": ("Your name", "Dein Name"),
    "new.human": ("A friend (invite link)", "Jemand anderes (Einladungslink)"),
    "new.computer": ("Computer: {strength}", "Computer: {strength}"),
    "new.variants": ("Variants", "Varianten"),
    "new.level": ("Level", "Stufe"),
    "new.level_custom": ("My own mix of variants", "Eigene Mischung aus Varianten"),
    "new.length": ("Game length", "Spiellänge"),
    "new.match": ("Match", "Partie"),
    "new.match_wins": ("First to {n} won games", "Wer zuerst {n} Spiele gewinnt"),
    "new.match_single": ("Single games", "Einzelne Spiele"),
    "new.match_games": ("{n} games, higher total wins", "{n} Spiele, die höhere Summe gewinnt"),
    "new.takeover": ("Dropped connection", "Verbindungsabbruch"),
    "new.takeover_never": ("Wait for them", "Auf die Person warten"),
    "new.takeover_after": ("After {n} min a computer plays for them until they are back",
                           "Nach {n} Min. spielt ein Computer für sie, bis sie zurück sind"),
    "new.create": ("Open the table", "Tisch eröffnen"),
    "new.creating": ("Opening the table…", "Der Tisch wird eröffnet…"),
    "new.team_note": ("Team duel: seats 1 and 3 play red, 2 and 4 black.",
                      "Teamduell: Plätze 1 und 3 spielen Rot, 2 und 4 Schwarz."),
    "new.error": ("The table could not be opened: {message}",
                  "Der Tisch konnte nicht eröffnet werden: {message}"),
    "length.quick": ("Quick (16 cards set aside)", "Kurz (16 Karten beiseite)"),
    "length.standard": ("Standard (10 cards set aside)", "Standard (10 Karten beiseite)"),
    "length.long": ("Long (no cards set aside)", "Lang (keine Karten beiseite)"),
    # --- table page ---
    "table.connecting": ("Connecting…", "Verbinde…"),
    "table.reconnecting": ("Connection lost, reconnecting…",
                           "Verbindung verloren, verbinde neu…"),
    "table.waiting": ("Waiting for players", "Warte auf Mitspieler"),
    "table.waiting_hint": ("Send each link to one player. The game starts when every seat is "
                           "taken.",
                           "Schick jeden Link an eine Person. Das Spiel beginnt, sobald alle "
                           "Plätze besetzt sind."),
    "table.invite_for": ("Invite for seat {n}", "Einladung für Platz {n}"),
    "table.copy": ("Copy", "Kopieren"),
    "table.copied": ("Copied", "Kopiert"),
    "table.join_title": ("You are invited to seat {n}", "Du bist zu Platz {n} eingeladen"),
    "table.join": ("Take the seat", "Platz nehmen"),
    "table.join_failed": ("This invite no longer works: {message}",
                          "Diese Einladung gilt nicht mehr: {message}"),
    "table.spectating": ("You are watching this table.", "Du schaust an diesem Tisch zu."),
    "table.your_turn": ("Your turn", "Du bist dran"),
    "table.turn_of": ("{name}'s turn", "{name} ist dran"),
    "table.thinking": ("{name} is thinking…", "{name} überlegt…"),
    "table.log": ("Game log", "Spielverlauf"),
    "table.players": ("Players", "Spieler"),
    "table.you": ("you", "du"),
    "table.computer": ("computer", "Computer"),
    "table.away": ("away", "abwesend"),
    "table.substitute": ("a computer plays for them", "ein Computer spielt für sie"),
    "table.cards": ("{n} cards", "{n} Karten"),
    "table.card1": ("1 card", "1 Karte"),
    "table.hand": ("Your hand", "Deine Hand"),
    "table.hand_of": ("{name}'s hand", "Hand von {name}"),
    "table.draw_pile": ("Draw pile", "Nachziehstapel"),
    "table.draw_pile_n": ("Draw pile: {n}", "Nachziehstapel: {n}"),
    "table.empty": ("empty", "leer"),
    "table.refused": ("Not allowed: {message}", "Nicht erlaubt: {message}"),
    "table.error": ("Error: {message}", "Fehler: {message}"),
    "table.clock": ("Time left", "Restzeit"),
    "table.blitz_clock": ("Blitz: no turns, play as fast as you can",
                          "Blitz: keine Züge, spiel so schnell du kannst"),
    "table.choose_target": ("Now choose where: the highlighted places",
                            "Jetzt das Ziel wählen: die hervorgehobenen Plätze"),
    "table.choose_option": ("Which one?", "Welche Möglichkeit?"),
    "table.cancel": ("Cancel", "Abbrechen"),
    "table.select_hint": ("Tap a highlighted card, then where it goes.",
                          "Tippe eine hervorgehobene Karte an, dann ihr Ziel."),
    "table.nothing_to_do": ("Nothing to do: wait for the others.",
                            "Nichts zu tun: warte auf die anderen."),
    "table.forced": ("Forced card: it plays itself…", "Erzwungene Karte: sie spielt sich selbst…"),
    "table.match": ("Match", "Partie"),
    "table.match_score": ("Match: {score}", "Partie: {score}"),
    "table.game_no": ("Game {n}", "Spiel {n}"),
    "table.play_again": ("Play again", "Nochmal spielen"),
    "table.next_game": ("Next game", "Nächstes Spiel"),
    "table.new_match": ("New match", "Neue Partie"),
    "table.record": ("Download the record", "Aufzeichnung herunterladen"),
    "table.new_table": ("Another table", "Anderer Tisch"),
    "table.result": ("Result", "Ergebnis"),
    "table.you_won": ("You won!", "Du hast gewonnen!"),
    "table.you_lost": ("You lost.", "Du hast verloren."),
    "table.draw": ("A draw.", "Unentschieden."),
    "table.winner_is": ("{name} won.", "{name} hat gewonnen."),
    "table.match_won": ("You won the match!", "Du hast die Partie gewonnen!"),
    "table.match_lost": ("{name} won the match.", "{name} hat die Partie gewonnen."),
    "table.match_drawn": ("The match is drawn: equal totals.",
                          "Die Partie endet unentschieden: gleiche Summen."),
    "table.match_over": ("The match is over.", "Die Partie ist vorbei."),
    "table.cards_left": ("Cards left: {list}", "Übrige Karten: {list}"),
    "table.seat_n": ("Seat {n}", "Platz {n}"),
    "table.player_n": ("Player {n}", "Spieler {n}"),
    "table.rules_link": ("Rules", "Regeln"),
    "table.end_turn": ("End turn", "Zug beenden"),
    "table.signals": ("Signals", "Signale"),
    "table.signal_sent": ("Signal sent: {signal}", "Signal gesendet: {signal}"),
    "table.signal_on": ("Signal on {pile}", "Signal für {pile}"),
    "table.signals_off": ("No signals now", "Jetzt keine Signale"),
    "table.game_started": ("Game {n} begins.", "Spiel {n} beginnt."),
    "table.move_by": ("{name}: {move}", "{name}: {move}"),
    "signal.dont-play": ("Please don't play here", "Bitte hier nicht spielen"),
    "signal.good-here": ("I can do something good here", "Ich kann hier etwas Gutes tun"),
    "signal.no-big-jump": ("No big jump here", "Hier keinen großen Sprung"),
    "signal.help": ("I can help this pile", "Ich kann diesem Stapel helfen"),
    "signal.passenger": ("I can deliver the next passenger",
                         "Ich kann den nächsten Fahrgast abliefern"),
    "signal.short.dont-play": ("⊘", "⊘"),
    "signal.short.good-here": ("★", "★"),
    "signal.short.no-big-jump": ("≈", "≈"),
    "signal.short.help": ("↺", "↺"),
    "signal.short.passenger": ("⚑", "⚑"),
    "signal.clear": ("Take my signal back", "Mein Signal zurücknehmen"),
    "signal.short.clear": ("✕", "✕"),
    "log.signal": ("{name} signals on {pile}: {signal}",
                   "{name} signalisiert bei {pile}: {signal}"),
    # --- duel ---
    "duel.up": ("up pile", "Aufwärtsstapel"),
    "duel.down": ("down pile", "Abwärtsstapel"),
    "duel.up_short": ("Up ▲", "Auf ▲"),
    "duel.down_short": ("Down ▼", "Ab ▼"),
    "duel.own_pile": ("your {pile}", "dein {pile}"),
    "duel.opp_pile": ("{name}'s {pile}", "{pile} von {name}"),
    "duel.team_pile": ("team {team}: {pile}", "Team {team}: {pile}"),
    "duel.red": ("red", "Rot"),
    "duel.black": ("black", "Schwarz"),
    "duel.owed": ("Play {n} more on your own piles", "Noch {n} auf deine eigenen Stapel"),
    "duel.owed_other": ("{n} more to play", "noch {n} zu spielen"),
    "duel.owed_done": ("You have played enough: end your turn or play on",
                       "Du hast genug gespielt: beende den Zug oder spiel weiter"),
    "duel.pushed": ("push used", "Schub verbraucht"),
    "duel.push_ready": ("push available", "Schub möglich"),
    "duel.step_back_used": ("step back used", "Rückschritt verbraucht"),
    "duel.draw": ("Draw", "Nachziehen"),
    "duel.play_on": ("Play {card} on {pile}", "{card} auf {pile} legen"),
    "duel.push_on": ("Push {card} onto {pile}", "{card} auf {pile} schieben"),
    "log.duel.play": ("{name} plays {card} on {pile}", "{name} legt {card} auf {pile}"),
    "log.duel.push": ("{name} pushes {card} onto {pile}", "{name} schiebt {card} auf {pile}"),
    "log.duel.end": ("{name} ends the turn and draws {n}", "{name} beendet den Zug und zieht {n}"),
    "log.duel.draw": ("{name} draws {n}", "{name} zieht {n}"),
    "log.duel.turn": ("{name}'s turn: {n} to play", "{name} ist dran: {n} zu spielen"),
    "duel.reason.stuck": ("{loser} could not play the cards owed.",
                          "{loser} konnte die geschuldeten Karten nicht spielen."),
    "duel.reason.out-of-cards": ("{winner} played every card.",
                                 "{winner} hat alle Karten ausgespielt."),
    "duel.reason.fewer-cards": ("Nobody could move: {winner} had fewer cards left.",
                                "Niemand konnte mehr: {winner} hatte weniger Karten übrig."),
    "duel.reason.draw": ("Nobody could move, with equal cards left.",
                         "Niemand konnte mehr, bei gleich vielen übrigen Karten."),
    "duel.team_of": ("Team {team}", "Team {team}"),
    # --- paternoster ---
    "pat.pile": ("{dir} {n}", "{dir} {n}"),
    "pat.up": ("Up", "Auf"),
    "pat.down": ("Down", "Ab"),
    "pat.owed": ("Play {n} more", "Noch {n} spielen"),
    "pat.owed_other": ("{n} more to play", "noch {n} zu spielen"),
    "pat.owed_done": ("Enough played: end your turn or play on",
                      "Genug gespielt: Zug beenden oder weiterspielen"),
    "pat.token_end": ("End with a token", "Mit Notfallmarke beenden"),
    "pat.tokens": ("Emergency tokens: {n}", "Notfallmarken: {n}"),
    "pat.passengers": ("Passengers", "Fahrgäste"),
    "pat.delivered": ("delivered", "abgeliefert"),
    "pat.give_to": ("Give {card} to {name}", "{card} an {name} geben"),
    "pat.passed_gave": ("You gave {card} to {name}", "Du hast {card} an {name} weitergegeben"),
    "pat.passed_got": ("{name} gave you {card}", "{name} hat dir {card} weitergegeben"),
    "pat.three_next": ("Three: the next player must play at least three",
                       "Drei: der nächste Spieler muss mindestens drei spielen"),
    "pat.burning": ("burning", "brennt"),
    "pat.stepback_used": ("step back used", "Rückschritt verbraucht"),
    "pat.team": ("Your team", "Euer Team"),
    "log.pat.play": ("{name} plays {card} on {pile}", "{name} legt {card} auf {pile}"),
    "log.pat.play_back": ("{name} steps back with {card} on {pile}",
                          "{name} macht mit {card} einen Rückschritt auf {pile}"),
    "log.pat.give": ("{name} passes a card on to {to}", "{name} gibt eine Karte an {to} weiter"),
    "log.pat.end": ("{name} ends the turn and draws {n}", "{name} beendet den Zug und zieht {n}"),
    "log.pat.turn": ("{name}'s turn: {n} to play", "{name} ist dran: {n} zu spielen"),
    "log.pat.token": ("{name} uses an emergency token ({left} left)",
                      "{name} setzt eine Notfallmarke ein (noch {left})"),
    "log.pat.passenger": ("Passenger {card} delivered", "Fahrgast {card} abgeliefert"),
    "log.pat.stop": ("Stop: {name}'s turn ends", "Halt: der Zug von {name} endet"),
    "log.pat.timeout": ("Time is up for {name}", "Die Zeit von {name} ist abgelaufen"),
    "log.pat.timeout_end": ("Time is up for {name}, who draws {n}",
                            "Die Zeit von {name} ist abgelaufen, {name} zieht {n}"),
    "pat.result.perfect": ("Perfect! Every card is down.", "Perfekt! Alle Karten liegen."),
    "pat.result.left": ("{n} cards were not played.", "{n} Karten wurden nicht gespielt."),
    "pat.lost.stuck": ("The player to act could not play the cards required.",
                       "Wer dran war, konnte die nötigen Karten nicht spielen."),
    "pat.lost.timeout": ("Time ran out before the required cards were played.",
                         "Die Zeit lief ab, bevor die nötigen Karten lagen."),
    "pat.lost.passenger": ("Lost: a passenger was not delivered in time.",
                           "Verloren: ein Fahrgast wurde nicht rechtzeitig abgeliefert."),
    "pat.lost.fire": ("Lost: a burning card was not covered.",
                      "Verloren: eine brennende Karte wurde nicht abgedeckt."),
    "pat.lost.command": ("Lost: a command was not obeyed.",
                         "Verloren: ein Befehl wurde nicht befolgt."),
    # --- duel 52 ---
    "d52.lane": ("Lane {n}", "Bahn {n}"),
    "d52.actions": ("Actions left: {n}", "Aktionen übrig: {n}"),
    "d52.won_by": ("won by {name}", "gewonnen von {name}"),
    "d52.base": ("Base", "Basis"),
    "d52.face_down": ("face down", "verdeckt"),
    "d52.face_down_card": ("face-down card", "verdeckte Karte"),
    "d52.known": ("face down, known to you", "verdeckt, dir bekannt"),
    "d52.damage": ("damage {n}", "Schaden {n}"),
    "d52.frozen": ("frozen", "eingefroren"),
    "d52.paired": ("paired", "gepaart"),
    "d52.aside": ("Set aside: {n}", "Beiseite: {n}"),
    "d52.discard": ("Discard pile: {n}", "Ablagestapel: {n}"),
    "d52.flip": ("Flip", "Aufdecken"),
    "d52.attack": ("Attack {targets}", "Angriff auf {targets}"),
    "d52.pair_attack": ("Attack as a pair: {targets}", "Als Paar angreifen: {targets}"),
    "d52.pair_with": ("Pair with {card}", "Mit {card} paaren"),
    "d52.play_lane": ("Play face down into lane {n}", "Verdeckt in Bahn {n} legen"),
    "d52.choice.discard": ("View: choose a card from your hand to discard face down.",
                           "Sicht: wähle eine Karte aus deiner Hand, die verdeckt abgelegt wird."),
    "d52.choice.look": ("Foresight: choose a face-down card to look at.",
                        "Vorsicht: wähle eine verdeckte Karte, die du ansehen willst."),
    "d52.choice.move": ("Move: choose a card to move into the Queen's lane.",
                        "Versetzen: wähle eine Karte, die in die Bahn der Dame wechselt."),
    "d52.choice.next": ("Choose which power acts next.", "Wähle, welche Kraft als Nächste wirkt."),
    "d52.choice.wait": ("{name} is making a choice for a power.",
                        "{name} trifft eine Wahl für eine Kraft."),
    "d52.none.look": ("Look at nothing", "Nichts ansehen"),
    "d52.none.move": ("Move nothing", "Nichts versetzen"),
    "d52.you_side": ("your side", "deine Seite"),
    "d52.opp_side": ("{name}'s side", "Seite von {name}"),
    "d52.card_at": ("{card}, lane {lane}", "{card}, Bahn {lane}"),
    "log.d52.play": ("{name} plays a card face down into lane {lane}",
                     "{name} legt eine Karte verdeckt in Bahn {lane}"),
    "log.d52.flip": ("{name} flips {card} in lane {lane}",
                     "{name} deckt {card} in Bahn {lane} auf"),
    "log.d52.attack": ("{name} attacks", "{name} greift an"),
    "log.d52.killed": ("{card} in lane {lane} dies", "{card} in Bahn {lane} stirbt"),
    "log.d52.pair": ("{name} pairs two cards", "{name} bildet ein Paar"),
    "log.d52.freeze": ("{name} freezes lane {lane}", "{name} friert Bahn {lane} ein"),
    "log.d52.heal": ("{name} heals", "{name} heilt"),
    "log.d52.view": ("{name} draws a card to view", "{name} zieht eine Karte (Sicht)"),
    "log.d52.discard": ("{name} discards a card face down", "{name} legt eine Karte verdeckt ab"),
    "log.d52.look": ("{name} looks at a face-down card in lane {lane}",
                     "{name} sieht eine verdeckte Karte in Bahn {lane} an"),
    "log.d52.move": ("{name} moves a card to lane {lane}",
                     "{name} versetzt eine Karte in Bahn {lane}"),
    "log.d52.empower": ("{name} empowers", "{name} stärkt"),
    "log.d52.action": ("{name} gains an action", "{name} erhält eine Aktion"),
    "log.d52.trap": ("Trap! {card} springs in lane {lane}",
                     "Falle! {card} schnappt in Bahn {lane} zu"),
    "log.d52.lane-won": ("{name} wins lane {lane}", "{name} gewinnt Bahn {lane}"),
    "log.d52.turn": ("{name}'s turn: {n} actions", "{name} ist dran: {n} Aktionen"),
    "log.d52.pass": ("{name} passes", "{name} passt"),
    "d52.result.lanes": ("Lanes won: {a} to {b}.", "Gewonnene Bahnen: {a} zu {b}."),
    "d52.reason.two-lanes": ("{winner} won two lanes.", "{winner} hat zwei Bahnen gewonnen."),
    "d52.reason.both-passed": ("Both players passed: the lanes won decide.",
                               "Beide haben gepasst: die gewonnenen Bahnen entscheiden."),
    # --- matebeta ---
    "mb.keep": ("Keep all ten", "Alle zehn behalten"),
    "mb.foreplace_card": ("Foreplace {card}", "{card} vorlegen"),
    "mb.foreplace_prompt": ("Foreplace a card, or keep all ten.",
                            "Lege eine Karte vor, oder behalte alle zehn."),
    "mb.lead_prompt": ("Lead a card.", "Spiele eine Karte aus."),
    "mb.answer_prompt": ("Answer the lead: the highlighted cards may.",
                         "Bediene: die hervorgehobenen Karten dürfen."),
    "mb.move_no": ("Move {n}", "Zug {n}"),
    "mb.foreplaced": ("Foreplaced", "Vorgelegt"),
    "mb.kept": ("kept all ten", "alle zehn behalten"),
    "mb.dealer": ("dealer", "Geber"),
    "mb.leader": ("leads", "spielt aus"),
    "mb.moves": ("Moves", "Züge"),
    "mb.value": ("value {v}", "Wert {v}"),
    "log.mb.foreplace": ("{name} foreplaces {card}", "{name} legt {card} vor"),
    "log.mb.keep": ("{name} keeps all ten", "{name} behält alle zehn"),
    "log.mb.lead": ("Move {n}: {name} leads {card}", "Zug {n}: {name} spielt {card} aus"),
    "log.mb.answer": ("{name} answers {card}", "{name} bedient mit {card}"),
    "log.mb.mate": ("Mate! {name}'s {card} cannot be answered",
                    "Matt! {card} von {name} kann nicht bedient werden"),
    "mb.result.mate": ("{name} mated with {card} on move {move}.",
                       "{name} hat mit {card} in Zug {move} mattgesetzt."),
    "mb.result.overmate": ("Overmate! {name}'s {card} on move 10 could not be answered.",
                           "Übermatt! {card} von {name} konnte in Zug 10 nicht bedient werden."),
    "mb.result.draw": ("Move {move}, the last move, was answered: a draw, no points.",
                       "Zug {move}, der letzte Zug, wurde bedient: unentschieden, keine Punkte."),
    "mb.result.score": ("Score: {value} ({card}) × {factor} ({why}) = {points} points",
                        "Wertung: {value} ({card}) × {factor} ({why}) = {points} Punkte"),
    "mb.factor.move": ("move {move}", "Zug {move}"),
    "mb.factor.bonus": ("move {move} + 1 for foreplacing", "Zug {move} + 1 fürs Vorlegen"),
    "mb.factor.overmate": ("overmate: (10 + 1) × 2", "Übermatt: (10 + 1) × 2"),
    "log.mb.overmate": ("Overmate! {name}'s {card} on move 10 cannot be answered",
                        "Übermatt! {card} von {name} kann in Zug 10 nicht bedient werden"),
    "log.mb.draw": ("Move {n}, the last move, is answered", "Zug {n}, der letzte Zug, ist bedient"),
    "mb.hint": ("Hint", "Tipp"),
    "mb.hint_best": ("Best: {moves}. With perfect play from here: {value} for you.",
                     "Am besten: {moves}. Bei perfektem Spiel ab hier: {value} für dich."),
    "mb.hint_failed": ("No hint now: {message}", "Gerade kein Tipp: {message}"),
    "mb.review_game": ("Review this game", "Dieses Spiel analysieren"),
    "new.hints": ("Hints", "Tipps"),
    "new.hints_auto": ("Against the computer only", "Nur gegen den Computer"),
    "new.hints_on": ("Allowed", "Erlaubt"),
    "new.hints_hint": ("A hint shows the exact best move and its value. Unless you choose, "
                       "hints are allowed only when no other person sits at the table.",
                       "Ein Tipp zeigt den exakt besten Zug und seinen Wert. Ohne deine Wahl "
                       "gibt es Tipps nur, wenn keine andere Person am Tisch sitzt."),
    "new.hints_off": ("Not allowed", "Nicht erlaubt"),
    # --- the MateBeta review and analysis board ---
    "rv.title": ("Game review", "Spielanalyse"),
    "rv.intro": ("Every move judged by the exact solver: the value before and after it, the "
                 "best moves, and the points it gave away. A value is the lead of a player "
                 "under perfect play from there on.",
                 "Jeder Zug, bewertet vom exakten Löser: der Wert davor und danach, die besten "
                 "Züge und die Punkte, die er verschenkt hat. Ein Wert ist der Vorsprung eines "
                 "Spielers bei perfektem Spiel ab dort."),
    "rv.load": ("Open a record", "Aufzeichnung öffnen"),
    "rv.file": ("Record file (JSON)", "Aufzeichnung (JSON-Datei)"),
    "rv.paste": ("…or paste a record", "…oder eine Aufzeichnung einfügen"),
    "rv.go": ("Review", "Analysieren"),
    "rv.loading": ("Working it out…", "Wird berechnet…"),
    "rv.error": ("This record cannot be reviewed: {message}",
                 "Diese Aufzeichnung lässt sich nicht analysieren: {message}"),
    "rv.seat": ("Seat {n}", "Platz {n}"),
    "rv.even": ("even", "ausgeglichen"),
    "rv.lead": ("{name} +{v}", "{name} +{v}"),
    "rv.start": ("Value of the deal: {value}", "Wert des Blatts: {value}"),
    "rv.result": ("Result: {value}", "Ergebnis: {value}"),
    "rv.given": ("Points given away: {a}, {b}", "Verschenkte Punkte: {a}, {b}"),
    "rv.given_one": ("{name} {n}", "{name} {n}"),
    "rv.mistakes": ("Biggest mistakes", "Größte Fehler"),
    "rv.no_mistakes": ("{name}: no mistakes, every move kept the value.",
                       "{name}: keine Fehler, jeder Zug hat den Wert gehalten."),
    "rv.mistake": ("{where}: {move} gave away {lost} (best: {best})",
                   "{where}: {move} hat {lost} verschenkt (am besten: {best})"),
    "rv.foreplacing": ("Foreplacing", "Vorlegen"),
    "rv.chart": ("The value over the game", "Der Wert im Lauf des Spiels"),
    "rv.chart_label": ("Value after each move: above the line {a} leads, below it {b}.",
                       "Wert nach jedem Zug: über der Linie führt {a}, darunter {b}."),
    "rv.moves": ("Move by move", "Zug für Zug"),
    "rv.col_move": ("Move", "Zug"),
    "rv.col_who": ("Who", "Wer"),
    "rv.col_played": ("Played", "Gespielt"),
    "rv.col_before": ("Before", "Davor"),
    "rv.col_after": ("After", "Danach"),
    "rv.col_lost": ("Given away", "Verschenkt"),
    "rv.col_best": ("Best", "Am besten"),
    "rv.values_note": ("Values: {a}'s lead under perfect play (below zero, {b} leads).",
                       "Werte: der Vorsprung von {a} bei perfektem Spiel (unter null führt "
                       "{b})."),
    "rv.fp_best": ("{name}: {move}: right, no points given away",
                   "{name}: {move}: richtig, keine Punkte verschenkt"),
    "rv.forced": ("forced", "erzwungen"),
    "rv.board": ("Analysis board", "Analysebrett"),
    "rv.board_hint": ("Step through the game, or tap a move below to try it: each legal move "
                      "shows its exact value.",
                      "Geh das Spiel Zug für Zug durch oder tippe unten einen Zug an, um ihn "
                      "auszuprobieren: jeder erlaubte Zug zeigt seinen exakten Wert."),
    "rv.first": ("To the start", "Zum Anfang"),
    "rv.prev": ("Back", "Zurück"),
    "rv.next": ("Forward", "Vor"),
    "rv.last": ("To the end", "Zum Ende"),
    "rv.back_to_game": ("Back to the game", "Zurück zum Spiel"),
    "rv.trying": ("Trying another line (moves off the game: {n})",
                  "Eine andere Fortsetzung (abweichende Züge: {n})"),
    "rv.ply": ("After {n} of {total} moves", "Nach {n} von {total} Zügen"),
    "rv.to_act": ("{name} to play. Each move and the value it leaves:",
                  "{name} ist dran. Jeder Zug und der Wert danach:"),
    "rv.over": ("The game is over: {value}", "Das Spiel ist vorbei: {value}"),
    "rv.played": ("played", "gespielt"),
    "rv.best_mark": ("best", "am besten"),
    "rv.play_here": ("Play from here against the computer",
                     "Von hier gegen den Computer spielen"),
    "mb.match_game": ("{k} of {n} games played", "{k} von {n} Spielen gespielt"),
    "table.campaign_floor": ("Tower floor {n}, {name}: {goal}", "Turm-Etage {n}, {name}: {goal}"),
    # --- rules pages ---
    "rules.title": ("Rules of {game}", "Spielregeln: {game}"),
    "rules.contents": ("Contents", "Inhalt"),
    "rules.play": ("Play {game}", "{game} spielen"),
    "rules.figure_title": ("Our simulation: {games} games, 95% interval {low}–{high}",
                           "Unsere Simulation: {games} Spiele, 95-%-Intervall {low}–{high}"),
    "rules.figure_title_exact": ("Solved exactly: all {games} positions",
                                 "Exakt gelöst: alle {games} Stellungen"),
    "rules.figure_title_sample": ("Solved exactly for the {games} positions so far; "
                                  "95% interval for all: {low}–{high}",
                                  "Bisher {games} Stellungen exakt gelöst; "
                                  "95-%-Intervall für alle: {low}–{high}"),
    "rules.mb_points": ("The dealer's points (minus: the other player's)",
                        "Punkte des Gebers (minus: die des anderen)"),
    "rules.mb_share": ("Share of the deals", "Anteil der Blätter"),
    "rules.mb_draw": ("0 (a draw)", "0 (unentschieden)"),
    "rules.mb_range": ("{low} to {high}", "{low} bis {high}"),
    "rules.mb_at_least": ("{value} or more", "{value} oder mehr"),
    "rules.mb_at_most": ("{value} or less", "{value} oder weniger"),
    "rules.mb_values_exact": ("All {positions} positions, solved exactly",
                              "Alle {positions} Stellungen, exakt gelöst"),
    "rules.mb_values_sample": ("The {positions} positions solved so far",
                               "Die bisher gelösten {positions} Stellungen"),
    "rules.level": ("Level", "Stufe"),
    "rules.level_desc": ("What it is", "Was es ist"),
    "rules.level_perfect": ("All cards down", "Alle Karten gelegt"),
    "rules.level_left": ("Cards left (mean)", "Übrige Karten (Mittel)"),
    "rules.level_play": ("Play", "Spielen"),
    "rules.floor": ("Floor", "Etage"),
    "rules.floor_goal": ("Goal: at most cards left", "Ziel: höchstens übrige Karten"),
    "rules.floor_clear": ("Cleared", "Geschafft"),
    "rules.floors_soon": ("The Tower campaign is coming soon; its floors and our figures will "
                          "appear here.",
                          "Die Turm-Kampagne kommt bald; ihre Etagen und unsere Zahlen "
                          "erscheinen dann hier."),
    "rules.figures_note": ("Our figures: {command} on {date}.",
                           "Unsere Zahlen: {command} am {date}."),
    "rules.not_found": ("There are no rules for '{game}'.", "Für '{game}' gibt es keine Regeln."),
    "error.no_table": ("There is no such table.", "Diesen Tisch gibt es nicht."),
    "error.not_found": ("Page not found.", "Seite nicht gefunden."),
}


# Variants and computer players: the game modules describe them in English; these are
# the page's words in both languages (the new-table page falls back to the module's).
_M.update({
    "variant.duel.friendly": ("Friendly race: no pushing at all",
                              "Freundliches Rennen: gar keine Schübe"),
    "variant.duel.long": ("Long race: 7 cards in hand", "Langes Rennen: 7 Karten auf der Hand"),
    "variant.duel.hard-push": ("Hard push: a pushed card may go any distance",
                               "Harter Schub: ein geschobene Karte darf beliebig weit springen"),
    "variant.duel.blitz": ("Blitz duel: both play at the same time, no turns",
                           "Blitzduell: beide spielen gleichzeitig, ohne Züge"),
    "variant.duel.team": ("Team duel: four players, two decks, partners share piles",
                          "Teamduell: vier Spieler, zwei Decks, Partner teilen sich die Stapel"),
    "variant.duel.handicap-hand": ("Handicap: that seat plays with 5 cards in hand",
                                   "Vorgabe: dieser Platz spielt mit 5 Handkarten"),
    "variant.duel.handicap-no-push": ("Handicap: that seat may not push",
                                      "Vorgabe: dieser Platz darf nicht schieben"),
    "variant.duel.two-card-first-turn": (
        "Two cards first: the starter must play two cards on the first turn too",
        "Zwei Karten zuerst: auch im ersten Zug muss der Startspieler zwei Karten spielen"),
    "variant.paternoster.short-trip": (
        "Short trip: one deck, 5 cards each (6 for one or two players)",
        "Kurze Fahrt: ein Deck, je 5 Karten (6 bei ein oder zwei Spielern)"),
    "variant.paternoster.first-ride": (
        "First ride: one deck, one up and one down pile, 3 cards, one card a turn, the same "
        "suit always fits",
        "Erste Fahrt: ein Deck, ein Auf- und ein Abwärtsstapel, 3 Karten, eine Karte pro Zug, "
        "gleiche Farbe passt immer"),
    "variant.paternoster.bigger-hand": ("Bigger hand: one card more in every hand",
                                        "Größere Hand: eine Karte mehr auf jeder Hand"),
    "variant.paternoster.tokens": (
        "Emergency tokens (1-4): a long step back or ending after one card",
        "Notfallmarken (1-4): ein langer Rückschritt oder Zugende nach einer Karte"),
    "variant.paternoster.passing-on": (
        "Passing on: once a turn give a card instead of a required one",
        "Weitergeben: einmal pro Zug eine Karte weitergeben statt einer Pflichtkarte"),
    "variant.paternoster.smaller-hand": ("Smaller hand: one card fewer in every hand",
                                         "Kleinere Hand: eine Karte weniger auf jeder Hand"),
    "variant.paternoster.steep": ("Steep: three cards a turn while the draw pile lasts",
                                  "Steil: drei Karten pro Zug, solange der Stapel reicht"),
    "variant.paternoster.two-cars": (
        "Two cars: two players, one deck, one up and one down pile, 8 cards",
        "Zwei Kabinen: zwei Spieler, ein Deck, ein Auf- und ein Abwärtsstapel, 8 Karten"),
    "variant.paternoster.silent-lift": ("Silent lift: no signals at all",
                                        "Stiller Aufzug: gar keine Signale"),
    "variant.paternoster.lift-operator": (
        "Lift operator: only the player to act may signal",
        "Liftboy: nur wer am Zug ist, darf signalisieren"),
    "variant.paternoster.hourglass": ("Hourglass: 30 seconds a turn (the server's clock)",
                                      "Sanduhr: 30 Sekunden pro Zug (die Uhr des Servers)"),
    "variant.paternoster.passengers": (
        "Passengers (3-5): deliver their twins to the piles in order",
        "Fahrgäste (3-5): ihre Zwillinge der Reihe nach auf die Stapel bringen"),
    "variant.paternoster.fire": ("Fire: 3♥ 6♥ 9♥ Q♥ burn; the next player must cover them",
                                 "Feuer: 3♥ 6♥ 9♥ D♥ brennen; der Nächste muss sie abdecken"),
    "variant.paternoster.commands": ("Commands: the face cards carry commands",
                                     "Befehle: die Bildkarten erteilen Befehle"),
    "variant.paternoster.commands-light": (
        "Commands light: only Jacks and Queens carry commands",
        "Leichte Befehle: nur Buben und Damen erteilen Befehle"),
    "variant.paternoster.tower": (
        "Tower: 6-8 players, three decks, three up and three down piles, 4 cards",
        "Turm: 6-8 Spieler, drei Decks, drei Auf- und drei Abwärtsstapel, 4 Karten"),
    "variant.paternoster.tower-hand": ("Tower with 5 cards in hand: much easier",
                                       "Turm mit 5 Handkarten: deutlich leichter"),
    "bot.duel.simple": ("the simple strategy, pushing every turn",
                        "die einfache Strategie, schiebt jeden Zug"),
    "bot.duel.never-push": ("the simple strategy without pushing",
                            "die einfache Strategie ohne Schübe"),
    "bot.paternoster.simple": ("small steps, twins first, step backs, signals its step backs",
                               "kleine Schritte, Zwillinge zuerst, Rückschritte, signalisiert "
                               "sie"),
    "bot.paternoster.planner": ("plans whole turns, counts cards, uses every signal",
                                "plant ganze Züge, zählt Karten, nutzt jedes Signal"),
    "bot.paternoster.simple-silent": (
        "the simple player, never talking (the rule text's difficulty table)",
        "der einfache Spieler, der nie spricht (die Schwierigkeitstabelle der Regeln)"),
    "bot.paternoster.random": ("a random legal move, never signals",
                               "ein zufälliger erlaubter Zug, signalisiert nie"),
    "bot.duel.strong": ("searches: plays each move out over many deals of the unseen cards",
                        "sucht: spielt jeden Zug über viele Verteilungen der unbekannten "
                        "Karten durch"),
    "bot.duel52.strong": ("searches: plays each move out over many deals of the unseen cards",
                          "sucht: spielt jeden Zug über viele Verteilungen der unbekannten "
                          "Karten durch"),
    "bot.duel52.heuristic": ("flips for value, attacks to kill, protects lanes",
                             "deckt nach Wert auf, greift gezielt an, schützt Bahnen"),
    "bot.random": ("a random legal move", "ein zufälliger erlaubter Zug"),
})


def _ladder_messages() -> dict[str, tuple[str, str]]:
    """Each game's computer levels (``LADDER`` in its bots module): ``level.<game>.<name>``
    is the level's name for players, ``bot.<game>.<name>`` how it plays."""
    import importlib

    messages = {}
    for game in GAME_NAMES:
        ladder = getattr(importlib.import_module(f"cardtable.games.{game}.bots"), "LADDER", ())
        for level in ladder:
            messages[f"level.{game}.{level.name}"] = (level.en, level.de)
            messages[f"bot.{game}.{level.name}"] = (level.about_en, level.about_de)
    return messages


_M.update(_ladder_messages())

# --- the Tower campaign and the Score tab (issue 9) ---
_M.update({
    "nav.score": ("Score", "Wertung"),
    "camp.title": ("The Tower: score", "Der Turm: Wertung"),
    "camp.intro": ("Twelve floors of Paternoster, from Test ride to the Penthouse. A group "
                   "rides them together, on the site or with real cards; every floor earns "
                   "up to three stars, and the next floor opens once the one below is cleared.",
                   "Zwölf Etagen Paternoster, von der Probefahrt bis ins Penthouse. Eine Gruppe "
                   "fährt sie gemeinsam, hier oder mit echten Karten; jede Etage bringt bis zu "
                   "drei Sterne, und die nächste öffnet sich, sobald die darunter geschafft ist."),
    "camp.new_group": ("New group", "Neue Gruppe"),
    "camp.group_name": ("Group name", "Name der Gruppe"),
    "camp.create": ("Create the group", "Gruppe anlegen"),
    "camp.no_groups": ("No groups yet in this browser. Create one, or open a group's link.",
                       "Noch keine Gruppe in diesem Browser. Leg eine an oder öffne den Link "
                       "einer Gruppe."),
    "camp.groups": ("Groups", "Gruppen"),
    "camp.stars_total": ("{stars} of {max} stars", "{stars} von {max} Sternen"),
    "camp.stars_label": ("{n} of 3 stars", "{n} von 3 Sternen"),
    "camp.floor": ("Floor", "Etage"),
    "camp.floor_n": ("Floor {n}", "Etage {n}"),
    "camp.rules": ("Rules", "Regeln"),
    "camp.goal": ("Goal", "Ziel"),
    "camp.tokens": ("Emergency tokens", "Notfallmarken"),
    "camp.best": ("Best", "Bestes"),
    "camp.open": ("open", "offen"),
    "camp.locked": ("locked", "gesperrt"),
    "camp.locked_hint": ("opens once floor {n} is cleared",
                         "öffnet sich, sobald Etage {n} geschafft ist"),
    "camp.ride": ("Ride this floor", "Diese Etage fahren"),
    "camp.players": ("Players", "Spieler"),
    "camp.members": ("Of them from the group (the rest: computer players)",
                     "Davon aus der Gruppe (der Rest: Computerspieler)"),
    "camp.share": ("Share this link with the group", "Teile diesen Link mit der Gruppe"),
    "camp.copy": ("Copy", "Kopieren"),
    "camp.enter": ("Enter a ride played with real cards",
                   "Eine Fahrt mit echten Karten eintragen"),
    "camp.cards_left": ("Cards left", "Übrige Karten"),
    "camp.passengers": ("Passengers delivered", "Abgelieferte Fahrgäste"),
    "camp.lost": ("We lost (a passenger, a fire or a command)",
                  "Verloren (Fahrgast, Feuer oder Befehl)"),
    "camp.save": ("Save the ride", "Fahrt speichern"),
    "camp.rides": ("Rides", "Fahrten"),
    "camp.no_rides": ("No rides yet.", "Noch keine Fahrten."),
    "camp.date": ("Date", "Datum"),
    "camp.result": ("Result", "Ergebnis"),
    "camp.left": ("{n} cards left", "{n} Karten übrig"),
    "camp.left1": ("1 card left", "1 Karte übrig"),
    "camp.all_down": ("all cards down", "alle Karten abgelegt"),
    "camp.lost_short": ("lost", "verloren"),
    "camp.not_cleared": ("not cleared", "nicht geschafft"),
    "camp.on_site": ("on the site", "hier gespielt"),
    "camp.by_hand": ("real cards", "echte Karten"),
    "camp.error": ("Not saved: {message}", "Nicht gespeichert: {message}"),
    "camp.whole_number": ("{field}: a whole number, please",
                          "keine ganze Zahl bei „{field}“"),
    "camp.not_negative": ("{field} cannot be negative", "negative Zahl bei „{field}“"),
    "camp.unknown_group": ("There is no group with this link.",
                           "Es gibt keine Gruppe mit diesem Link."),
    "camp.open_group": ("Open the group", "Gruppe öffnen"),
    "camp.starting": ("Opening the table…", "Der Tisch wird eröffnet…"),
})

# Why a move or message was refused, by the rule id of the engine's refusal or the
# server's error code. English pages show the engine's own, more detailed sentence;
# these give other languages a sentence of their own.
_M.update({f"why.{key}": texts for key, texts in {
    "not-your-turn": ("It is not your turn.", "Du bist nicht am Zug."),
    "not-in-hand": ("You do not hold that card.", "Diese Karte hast du nicht auf der Hand."),
    "game-over": ("The game is over.", "Das Spiel ist vorbei."),
    "pile-direction": ("That card does not fit on that pile.",
                       "Diese Karte passt nicht auf diesen Stapel."),
    "step-back-once": ("Only one step back per turn.", "Nur ein Rückschritt pro Zug."),
    "end-too-early": ("You must still play cards before you end your turn.",
                      "Du musst erst noch Karten spielen, bevor du den Zug beendest."),
    "push-once": ("You may push only once.", "Du darfst nur einmal schieben."),
    "push-empty": ("You cannot push onto an empty pile.",
                   "Auf einen leeren Stapel darfst du nicht schieben."),
    "push-direction": ("A push must go in the pile's direction.",
                       "Geschoben wird nur in Richtung des Stapels."),
    "push-distance": ("A push goes at most two ranks past the top card.",
                      "Geschoben wird höchstens zwei Ränge über die oberste Karte hinaus."),
    "no-push": ("You may not push in this game.", "In diesem Spiel darfst du nicht schieben."),
    "frozen": ("That card is frozen.", "Diese Karte ist eingefroren."),
    "lane-won": ("That lane is already won.", "Diese Bahn ist schon gewonnen."),
    "base-protected": ("Base cards are protected while the draw pile lasts.",
                       "Basiskarten sind geschützt, solange der Nachziehstapel reicht."),
    "choice-pending": ("First make the choice the power asks for.",
                       "Triff zuerst die Wahl, die die Fähigkeit verlangt."),
    "foreplace-over": ("Foreplacing is over.", "Das Vorlegen ist vorbei."),
    "no-signal": ("You may not signal now.", "Du darfst jetzt kein Signal geben."),
    "clock-only": ("Only the clock ends a turn when time is up.",
                   "Nur die Uhr beendet einen Zug, wenn die Zeit um ist."),
    "give-not-required": ("A card is passed on only instead of a required card.",
                          "Weitergeben geht nur anstelle einer Pflichtkarte."),
    "stale": ("Someone moved first: the table has been updated.",
              "Jemand war schneller: der Tisch ist jetzt auf dem neuen Stand."),
    "duplicate": ("That move was already made.", "Dieser Zug wurde schon gemacht."),
    "too-fast": ("Not so fast, please.", "Bitte nicht so schnell."),
    "waiting": ("The game starts when every seat is taken.",
                "Das Spiel beginnt, wenn alle Plätze besetzt sind."),
    "not-playing": ("The game is not running.", "Das Spiel läuft gerade nicht."),
    "bad-signal": ("That signal is not allowed now.", "Dieses Signal ist jetzt nicht erlaubt."),
}.items()})

# --- branch replay (issue 18.5: watch a game again; issue 17.6: reviews by estimate) ---
_M.update({
    "rp.title": ("Watch again", "Noch einmal ansehen"),
    "rp.intro": ("Step through a finished game from any player's view or a spectator's: "
                 "each view shows exactly what that seat saw at that moment.",
                 "Geh eine beendete Partie Zug für Zug durch, aus der Sicht eines Spielers "
                 "oder eines Zuschauers: jede Sicht zeigt genau, was dieser Platz in dem "
                 "Moment sah."),
    "rp.go": ("Watch", "Ansehen"),
    "rp.watch_again": ("Watch again", "Noch einmal ansehen"),
    "rp.view": ("View", "Sicht"),
    "rp.game": ("Game", "Partie"),
    "rp.to_table": ("Back to the table", "Zurück zum Tisch"),
    "rp.board": ("The table", "Der Tisch"),
    "rp.steps": ("Step through the game", "Durch die Partie gehen"),
    "rp.first": ("To the start", "Zum Anfang"),
    "rp.last": ("To the end", "Zum Ende"),
    "rp.to_move": ("Go to a move", "Zu einem Zug"),
    "rp.keys": ("Keys: ← and → one move, Home and End the start and the end.",
                "Tasten: ← und → ein Zug, Pos1 und Ende zum Anfang und zum Ende."),
    "rp.spectator": ("Spectator (no hand shown)", "Zuschauer (keine Hand sichtbar)"),
    "rp.seat_view": ("{name}'s view", "Sicht von {name}"),
    "rp.start": ("Start of the game ({total} moves)", "Beginn der Partie ({total} Züge)"),
    "rp.where": ("Move {n} of {total}", "Zug {n} von {total}"),
    "rp.log_start": ("0. The cards are dealt", "0. Die Karten sind gegeben"),
    "rp.not_json": ("this is not a record: the text is not valid JSON ({message})",
                    "das ist keine Aufzeichnung: der Text ist kein gültiges JSON ({message})"),
    "rp.error": ("Cannot show this game: {message}", "Diese Partie lässt sich nicht zeigen: "
                 "{message}"),
    "rp.review_title": ("Review by the computer's estimate",
                        "Analyse nach Schätzung des Computers"),
    "rp.review_intro": ("At each of the player's decisions, the strong computer player plays "
                        "every possible move out over many deals of the cards that player "
                        "could not see. Its chances to win are estimates, not exact values.",
                        "Bei jeder Entscheidung des Spielers spielt der starke "
                        "Computerspieler jeden möglichen Zug über viele Verteilungen der "
                        "Karten aus, die dieser Spieler nicht sehen konnte. Seine "
                        "Gewinnchancen sind Schätzungen, keine genauen Werte."),
    "rp.review_go": ("Review {name}'s moves", "Züge von {name} analysieren"),
    "rp.review_pick": ("Choose a player's view above to review that player's moves.",
                       "Wähle oben die Sicht eines Spielers, um seine Züge zu analysieren."),
    "rp.review_cut": ("the review was cut off; try again", "die Analyse brach ab; versuch es "
                      "noch einmal"),
    "rp.progress_start": ("Starting the review…", "Die Analyse beginnt…"),
    "rp.progress": ("{done} of {total} decisions judged", "{done} von {total} Entscheidungen "
                    "bewertet"),
    "rp.review_done": ("{name}: {n} decisions judged, the computer agreed with {agreed} "
                       "({deals} deals of the unseen cards each).",
                       "{name}: {n} Entscheidungen bewertet, der Computer stimmte {agreed} "
                       "zu (je {deals} Verteilungen der unsichtbaren Karten)."),
    "rp.mistakes": ("Costliest moves (computer's estimate)",
                    "Teuerste Züge (Schätzung des Computers)"),
    "rp.no_mistakes": ("The computer would have played every move of {name} the same way.",
                       "Der Computer hätte jeden Zug von {name} genauso gespielt."),
    "rp.mistake": ("Move {n}: {move}; the computer: {best} (estimated chance to win "
                   "{before} → {after})",
                   "Zug {n}: {move}; der Computer: {best} (geschätzte Gewinnchance "
                   "{before} → {after})"),
    "rp.est_agrees": ("Computer's estimate: its choice too, chance to win {chance}",
                      "Schätzung des Computers: auch seine Wahl, Gewinnchance {chance}"),
    "rp.est_other": ("Computer's estimate: it would play {best}; chance to win {before} → "
                     "{after} with this move",
                     "Schätzung des Computers: er spielte {best}; Gewinnchance {before} → "
                     "{after} mit diesem Zug"),
    "rp.est_title": ("{name} to decide: the computer's estimate ({deals} deals)",
                     "{name} entscheidet: Schätzung des Computers ({deals} Verteilungen)"),
    "rp.est_note": ("Chance to win: the share of the computer's playouts won, a draw "
                    "counting half, every move on the same {deals} deals (seed {seed}, so "
                    "the same review every time). An estimate, not an exact value. The computer "
                    "picks by its playouts' result and, a little, by their margin (cards or "
                    "lanes ahead), so its choice may show a chance a little below another's.",
                    "Gewinnchance: der Anteil der gewonnenen Probespiele des Computers, ein "
                    "Unentschieden zählt halb, jeder Zug auf denselben {deals} Verteilungen "
                    "(Startwert {seed}: jedes Mal dieselbe Analyse). Eine Schätzung, kein "
                    "genauer Wert. Der Computer wählt nach dem Ergebnis seiner Probespiele "
                    "und ein wenig nach ihrem Vorsprung (Karten oder Bahnen), daher kann "
                    "seine Wahl eine etwas kleinere Chance zeigen als ein anderer Zug."),
    "rp.col_move": ("Move", "Zug"),
    "rp.col_chance": ("Chance to win (estimate)", "Gewinnchance (Schätzung)"),
    "rp.col_note": ("Note", "Hinweis"),
    "rp.computer_pick": ("computer's choice", "Wahl des Computers"),
    "rp.more_moves": ("{n} more moves, each rated lower by the computer",
                      "{n} weitere Züge, jeder vom Computer niedriger bewertet"),
    "rp.signal_clear": ("{name} takes back the signal on {pile}",
                        "{name} nimmt das Signal auf {pile} zurück"),
})

MESSAGES: dict[str, dict[str, str]] = {
    "en": {k: v[0] for k, v in _M.items()},
    "de": {k: v[1] for k, v in _M.items()},
}

for _gid, (_en, _de) in GAME_NAMES.items():
    MESSAGES["en"][f"game.{_gid}"] = _en
    MESSAGES["de"][f"game.{_gid}"] = _de

RANKS = {
    "en": {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"},
    "de": {"A": "Ass", "J": "Bube", "Q": "Dame", "K": "König"},
}
SUITS = {
    "en": {"D": "Diamonds", "H": "Hearts", "S": "Spades", "C": "Clubs"},
    "de": {"D": "Karo", "H": "Herz", "S": "Pik", "C": "Kreuz"},
}


def card_name(text: str, lang: str) -> str:
    """A card's full name in the language: ``10H`` is "10 of Hearts" / "Herz 10"."""
    rank, suit = text[:-1], text[-1]
    rank_name = RANKS[lang].get(rank, rank)
    suit_name = SUITS[lang][suit]
    return f"{rank_name} of {suit_name}" if lang == "en" else f"{suit_name} {rank_name}"


def translate(lang: str, key: str, **values: object) -> str:
    """The message ``key`` in ``lang`` (English if missing), ``{name}`` filled in."""
    text = MESSAGES.get(lang, MESSAGES[DEFAULT]).get(key) or MESSAGES[DEFAULT].get(key, key)
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def from_accept_language(header: str | None) -> str | None:
    """The first supported language of an ``Accept-Language`` header, by its q weights."""
    if not header:
        return None
    choices: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        fields = part.strip().split(";")
        tag = fields[0].strip().lower()
        q = 1.0
        for f in fields[1:]:
            name, _, value = f.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        base = tag.split("-")[0]
        if base in LANGUAGES and q > 0:
            choices.append((-q, i, base))
    return min(choices)[2] if choices else None


def pick_language(query: str | None, cookies: Mapping[str, str],
                  accept_language: str | None) -> str:
    """``?lang=`` first, then the remembered choice, then the browser, then English."""
    for candidate in (query, cookies.get(COOKIE)):
        if candidate and candidate.lower() in LANGUAGES:
            return candidate.lower()
    return from_accept_language(accept_language) or DEFAULT
