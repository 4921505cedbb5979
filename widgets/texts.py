"""Short explanations of the phases, written for newcomers (HTML snippets)."""

PHASE_EXPLAIN = {
    "recruitment": (
        "<b>Recruitment — the draft.</b> Everybody gets a pack of cards (5 cards; 9 with two "
        "players). Keep one card, pass the rest to your neighbour, receive their pack, keep one "
        "again... until the packs are empty. Packs travel left on turns 1 and 3, right on turns "
        "2 and 4. With two players you also throw one card of the pack away after each pick."),
    "deployment": (
        "<b>Deployment — put units into your kingdom.</b> Place cards from your hand on free "
        "spots: two in the Front (they fight), two in the Back (safer, they mostly produce). "
        "A level-2 building unlocks a fifth, Front spot. You may move or discard units already "
        "in play to make room. Keep at most one unplayed card for next turn; the others are "
        "discarded. New units are paid in gold when everybody reveals them."),
    "wars": (
        "<b>Wars — compare strength with your neighbours.</b> Your kingdom's strength is the sum "
        "of your Front units (plus Back units that can shoot, and some building bonuses). If you "
        "are at least as strong as a neighbour you win that war and 3 LP — a tie is won by both. "
        "With two players, twice your opponent's strength wins two wars."),
    "income": (
        "<b>Income — collect gold.</b> Every kingdom earns 2 gold, plus whatever its units and "
        "buildings add (Blacksmith, Temple, Tavern...). Gold pays for new units and buildings."),
    "construction": (
        "<b>Construction — one building action.</b> Build a new building (pay 2 gold of land for "
        "each building you already own, and <i>produce</i> the resources it needs — resources are "
        "never spent) or upgrade one to level 2. Buildings give LP at the end of the game and "
        "extra abilities."),
    "aging": (
        "<b>Aging — time passes.</b> Every unit that already carries an age token dies (a few "
        "cards bend this rule: Mystical Healer can save one, Salamander needs two tokens). All "
        "survivors take one age token. Some units pay out when they die (Sculptor, Palm Reader)."),
    "end": (
        "<b>End of the game.</b> After turn 4, buildings add their LP (level 1 or level 2 value) "
        "and a few cards score. Most LP wins; on a tie, most gold left."),
    "over": "<b>The game is over.</b> Start a new game, or go back to any earlier step to try another choice.",
}

DECISION_HELP = {
    "draft": "Pick the card you want to keep from the pack.",
    "draft_discard": "Two-player rule: throw one card of the pack away before passing it.",
    "deploy": ("Place cards, move or discard units if you like, then press <b>Done</b> "
               "(you may keep one unplayed card for next turn)."),
    "target": "Choose the unit of yours that takes the age tokens.",
    "build": "Choose one construction, or pass.",
    "save": "Mystical Healer: choose the unit it saves from dying this Aging, or pass.",
}

APP_INTRO = (
    "<b>How to play:</b> press <b>Next phase</b> (or <b>Play to the end</b>) to let the game run. "
    "When it is your turn to decide, the choices appear in the yellow box — click one. "
    "<b>Undo</b> takes back your last step. The tabs below explain every point: "
    "<i>Why?</i> lists each LP and gold change with its cause, <i>War graph</i> shows who beat "
    "whom, <i>Score race</i> follows the LP, <i>What-if</i> lets you build any position.")
