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
    "whom, <i>Score race</i> follows the LP, <i>What-if</i> lets you build any position. "
    "<b>Players: 1</b> is the solo mode against the Lich King (his panel replaces the war graph).")

# ------------------------------------------------------------------ solo: you against the Lich King

#: phase texts of a solo game (the other phases are played as in the base game)
SOLO_PHASE_EXPLAIN = {
    "recruitment": (
        "<b>Recruitment — you draft alone, the Lich King feeds on what you leave.</b> Three picks "
        "from the draw pile: keep 1 of 5 cards, then 1 of 4, then 1 of 3. Every card you pass over "
        "goes into the <i>Netherworld</i> (9 cards by then). The Netherworld is shuffled and you get "
        "one last choice between its 2 top cards (the other goes to its bottom), and you also take "
        "its new top card. The 7 cards still in it are the Lich King's harvest: he gains the "
        "immediate LP of the Necropolis card under the Time pawn, and each face-up Necropolis card "
        "pays him its quest LP once for every one of those 7 cards that meets its requirement. So "
        "what you refuse to keep matters as much as what you keep."),
    "wars": (
        "<b>Wars — your kingdom against two armies.</b> First the next Necropolis card turns face up. "
        "The Black army is the sum of the black shields on the card under the Time pawn and on that "
        "next card (plus Lich King cards); the Purple army is the same with the purple shields. Your "
        "strength is counted as usual and fights both armies: each army you match or beat gives you "
        "3 LP; each army that matches or beats you gives the Lich King 1 LP (some Lich King cards "
        "raise this). A tie counts for both sides."),
    "end": (
        "<b>End of the game.</b> Your buildings and cards score as in the base game; the Lich King adds "
        "the immediate LP of his last Necropolis card (pile E). Beating him takes strictly more LP "
        "than he has: a tie is his victory."),
    "over": "<b>The game is over.</b> Start a new game, or go back to any earlier step and choose differently.",
}

#: what the status line says at each pick of a solo Recruitment (``game.lich.draft_step``)
DRAFT_STEPS = (
    "1st pick: 5 cards drawn — keep one, the 4 others go into the Netherworld.",
    "2nd pick: 4 cards drawn — keep one, the 3 others go into the Netherworld.",
    "3rd pick: 3 cards drawn — keep one, the 2 others go into the Netherworld.",
    "4th pick: the 2 top cards of the shuffled Netherworld — keep one, the other goes to its "
    "bottom; then you take its top card and the Lich King scores the 7 left.",
)

SOLO_RULES = (
    "<p><b>Solo (1 player against the Lich King).</b> The Lich King never deploys nor builds: a line "
    "of five Necropolis cards (piles 1, 2, 3, 4, E; one more face up each turn) scores for him. He "
    "gains LP at the end of each Recruitment (the immediate gain of the current card and the quests "
    "of the face-up cards, counted over the 7 cards left in the Netherworld), 1 LP per army that "
    "matches or beats you in the Wars, and the immediate gain of the E card at the end. You need "
    "strictly more LP than him to win.</p>")
