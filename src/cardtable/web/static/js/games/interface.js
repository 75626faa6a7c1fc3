// The interface every game module (games/<id>.js) shares with the pages that load it: the
// table (table.js and table/), the replay (replay.js) and what they share (board.js,
// reasons.js). A page calls only the members below; the optional ones it asks for first
// (`game.whyMoves ? ... : ...`). A module may export more for its own pages (MateBeta's
// review uses `materOf`, `factorOf` and `explain`). tests/web/test_game_modules.py checks
// this file against what the four games export and what the pages call.
//
// This module holds only types: nothing imports it at run time.

/**
 * What a page gives a game module (table/context.js at a table, board.js's
 * `boardContext` for a position in the replay or a review, where nothing can be played).
 *
 * @typedef {Object} GameContext
 * @property {Object} msg the server's `state` message (status, seats, outcome, match, …)
 * @property {Object|null} obs this seat's observation (`msg.observation`)
 * @property {number|null} seat this page's seat, null for a spectator
 * @property {number} view the seat whose eyes the board shows (a spectator's: 0)
 * @property {string[]} legal the move texts this seat may play now (none when not playing)
 * @property {string[]} signals the signal texts this seat may send now
 * @property {Map<string, string>} signalsNow "seat|pile" to the kind of signal held there
 * @property {(seat: number) => string} name a seat's name as the page shows it
 * @property {(seat: number) => boolean} isMe whether the seat is this page's
 * @property {(text: string) => void} send play a legal move (a move that loses at once is asked again)
 * @property {(text: string) => void} signal send a signal
 * @property {Object} [facts] the game's facts from the page data (the table only)
 * @property {Function} t the page's words (i18n.js), with `tn`, `tc`, `labelOf`, `hasLabel`, `LANG`
 * @property {Function} el the DOM helper (dom.js), with the card drawing `cardEl`, `emptyEl`,
 *   `cardName`, `cardShort`, `listOf`, `rankLetter`, `sortLadder`
 */

/**
 * A legal move as the board offers it: the place tapped first and where it goes.
 *
 * @typedef {Object} ParsedMove
 * @property {string|null} src the key of the source (`data-src` on the board), null: a button of its own
 * @property {string|null} dst the key of the target (`data-dst`), null: played by choosing the source
 * @property {string} [alsoSrc] a second source for the same move (a Duel 52 pair attacks from either card)
 * @property {boolean} [primary] drawn as the main button (End turn)
 * @property {boolean} [confirm] never played by a single tap on its source
 */

/**
 * The status line while the game is on.
 *
 * @typedef {Object} GameStatus
 * @property {string} text the line itself ("Your turn")
 * @property {string} [sub] a smaller second part
 * @property {boolean} [mine] whether this seat is to act (the line is marked)
 */

/**
 * A finished game as the result panel shows it.
 *
 * @typedef {Object} GameResult
 * @property {string} title the headline, also the status line
 * @property {string[]} [lines] what happened, one line each
 * @property {string|null} [matchLine] who won the match, when it is over
 * @property {Node} [extra] more of the game's own (MateBeta: the link to its review)
 */

/**
 * What a move that loses at once will do, and the rule that says so.
 *
 * @typedef {Object} PerilText
 * @property {string} what
 * @property {string} rule
 */

/**
 * A cooperative game's words for giving up, for the Resign row.
 * @typedef {Object} GiveUp
 * @property {(t: Function) => string} button the button's text
 * @property {(t: Function) => string} question the confirmation's question
 */

/**
 * A game module. The required members are what every page calls; a game leaves out an
 * optional one whose question it does not have.
 *
 * @typedef {Object} GameModule
 * @property {(ctx: GameContext, board: HTMLElement) => void} render draw the board from `ctx.obs`
 *   into the empty `board`, marking places with `data-src` and `data-dst`
 * @property {(text: string, ctx: GameContext) => ParsedMove} parseMove a legal move's source and target
 * @property {(ctx: GameContext) => GameStatus} status the status line while the game is on
 * @property {(ctx: GameContext) => GameResult} result the finished game (`ctx.msg.outcome`)
 * @property {(ev: Object, ctx: GameContext) => string|null} describe an event in words for the log, null: not logged
 * @property {(m: ParsedMove & {text: string}, ctx: GameContext) => string} [moveLabel] a move's button text (else its text)
 * @property {(src: string, dst: string|null, ctx: GameContext) => string[]} [whyMoves] the moves to ask the
 *   server about when a tap finds no legal move (why not?)
 * @property {(why: string, text: string, ctx: GameContext) => PerilText} [perilText] a move that loses at
 *   once (the observation's `losing[text]` is `why`), in the game's words
 * @property {(ctx: GameContext) => "win"|"loss"|"draw"|null} [verdict] how the game ended for this seat (its sound)
 * @property {(match: Object, ctx: GameContext) => string} [matchScore] the match's score in a line
 * @property {(events: Object[], ctx: GameContext) => Array<[string, string]>} [animations] (selector, CSS class)
 *   pairs to play for the new events
 * @property {(ctx: GameContext) => number|null} [toAct] the seat to act, for a game whose observation has no `to_act`
 * @property {(seat: number, ctx: GameContext) => number} [teamOf] a seat's team (the seat chips' colour)
 * @property {(pile: string, ctx: GameContext, seat?: number, onto?: boolean) => string} [pileName] a pile
 *   in words (signals, refusals); `onto`: as it follows "on"/"onto"
 * @property {(place: string, ctx: GameContext) => string} [placeName] a place on the board in words (refusals)
 * @property {(text: string, ctx: GameContext) => boolean} [autoForced] whether the only legal move plays itself
 * @property {GiveUp} [giveUp] a team that plays together gives up together (Paternoster: stop the ride);
 *   else each seat resigns, and may abort before the game's second move
 */

export {};
