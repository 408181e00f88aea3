//! Every decision of both players and every chance outcome of Manoeuvre, as one small `Copy` enum,
//! with the stable ids that logs and saves use. Cards are numbered 0..60 within their army; squares
//! are 0..64 and written `a1`..`h8` in ids; units are numbered 0..16 (`side * 8 + index`).

use crate::board::{LayoutEdge, name};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Action {
    // Chance outcomes.
    /// A die shows this face.
    Die(u8),
    /// This card of the drawing side comes off its deck.
    Draw(u8),

    // Setup (rule 3).
    Section(u8),
    Orient(u8),
    Nation(u8),
    /// The first player takes the first (0) or second (1) of the two nations offered.
    Pick(u8),
    Edge(LayoutEdge),
    /// Tournament hands: keep this card.
    Keep(u8),
    /// Deploy the next unit on this square.
    Deploy(u8),

    // Discard and Draw phases.
    Discard(u8),
    EndDiscard,
    /// The end of a hand's Draw phase: on to Movement (the alternative is playing a Scout/Spy).
    DrawOn,

    // Movement phase (rule 5).
    Move {
        unit: u8,
        to: u8,
    },
    Supply(u8),
    ForcedMarch {
        card: u8,
        to: u8,
    },
    BanzaiCharge(u8),
    DigIn,
    EndMovement,
    /// Answer to a Supply, Forced March, Regroup or Reinforcement.
    Guerrilla(u8),
    LetItStand,

    // Combat phase (rule 6).
    Assault {
        unit: u8,
        target: u8,
        card: u8,
    },
    Ambush {
        card: u8,
        target: u8,
    },
    Bombard {
        unit: u8,
        target: u8,
        card: u8,
    },
    Volley {
        unit: u8,
        target: u8,
        card: u8,
    },
    Rockets {
        card: u8,
        unit: u8,
        target: u8,
    },
    GrandBattery {
        card: u8,
        unit: u8,
        target: u8,
    },
    DeathWithHonour {
        card: u8,
        unit: u8,
    },
    NoCombat,
    Spy(u8),
    Withdraw(u8),
    WithdrawAttempt(u8),
    Stand,
    Defend(u8),
    DefendLeader(u8),
    DefendMaharaja(u8),
    DoneDefending,
    AddAttackCard(u8),
    Committed {
        card: u8,
        unit: u8,
    },
    Sappers(u8),
    Skirmish(u8),
    LeaderCombat(u8),
    LeaderCommand(u8),
    AttackMaharaja(u8),
    Support(u8),
    DoneSupport,
    DoneAttacking,
    TakeHit,
    Retreat,
    RetreatTo(u8),
    AdvanceWith(u8),
    StayPut,
    CommittedHitOn(u8),
    SkirmishTo(u8),

    // Restoration phase (rule 7).
    Restore {
        card: u8,
        unit: u8,
    },
    Rally {
        card: u8,
        unit: u8,
    },
    Redoubt {
        card: u8,
        unit: u8,
    },
    EndRestoration,

    // The CDG Solo display mode (Manoeuvre playsheet).
    /// Face 2: turn a face-down card of this slot face-up (slot 2, C: the deck's top card).
    FlipSlot(u8),
    /// No card was played: move a card to another slot. `card` is the card when it is face-up, or
    /// [`crate::state::NONE`] for a face-down card of `from` (slot 2, C: the deck's top card).
    MoveCard {
        from: u8,
        card: u8,
        to: u8,
    },
    KeepDisplay,
}

impl Action {
    /// The stable id of the action.
    pub fn id(self) -> String {
        use Action::*;
        let sq = |s: u8| name(s);
        match self {
            Die(v) => format!("die-{v}"),
            Draw(c) => format!("draw-{c}"),
            Section(s) => format!("section-{s}"),
            Orient(t) => format!("orient-{t}"),
            Nation(n) => format!("nation-{n}"),
            Pick(i) => format!("pick-{i}"),
            Edge(e) => format!("edge-{}", e.word()),
            Keep(c) => format!("keep-{c}"),
            Deploy(s) => format!("deploy-{}", sq(s)),
            Discard(c) => format!("discard-{c}"),
            EndDiscard => "end-discard".into(),
            DrawOn => "end-draw".into(),
            Move { unit, to } => format!("move-{unit}-{}", sq(to)),
            Supply(c) => format!("supply-{c}"),
            ForcedMarch { card, to } => format!("forced-march-{card}-{}", sq(to)),
            BanzaiCharge(c) => format!("banzai-{c}"),
            DigIn => "dig-in".into(),
            EndMovement => "end-movement".into(),
            Guerrilla(c) => format!("guerrilla-{c}"),
            LetItStand => "let-it-stand".into(),
            Assault { unit, target, card } => format!("assault-{unit}-{}-{card}", sq(target)),
            Ambush { card, target } => format!("ambush-{card}-{}", sq(target)),
            Bombard { unit, target, card } => format!("bombard-{unit}-{}-{card}", sq(target)),
            Volley { unit, target, card } => format!("volley-{unit}-{}-{card}", sq(target)),
            Rockets { card, unit, target } => format!("rockets-{card}-{unit}-{}", sq(target)),
            GrandBattery { card, unit, target } => format!("grand-battery-{card}-{unit}-{}", sq(target)),
            DeathWithHonour { card, unit } => format!("death-with-honour-{card}-{unit}"),
            NoCombat => "no-combat".into(),
            Spy(c) => format!("spy-{c}"),
            Withdraw(c) => format!("withdraw-{c}"),
            WithdrawAttempt(c) => format!("withdraw-attempt-{c}"),
            Stand => "stand".into(),
            Defend(c) => format!("defend-{c}"),
            DefendLeader(c) => format!("defend-leader-{c}"),
            DefendMaharaja(c) => format!("defend-maharaja-{c}"),
            DoneDefending => "done-defending".into(),
            AddAttackCard(c) => format!("attack-card-{c}"),
            Committed { card, unit } => format!("committed-{card}-{unit}"),
            Sappers(c) => format!("sappers-{c}"),
            Skirmish(c) => format!("skirmish-{c}"),
            LeaderCombat(c) => format!("leader-combat-{c}"),
            LeaderCommand(c) => format!("leader-command-{c}"),
            AttackMaharaja(c) => format!("attack-maharaja-{c}"),
            Support(u) => format!("support-{u}"),
            DoneSupport => "done-support".into(),
            DoneAttacking => "done-attacking".into(),
            TakeHit => "take-hit".into(),
            Retreat => "retreat".into(),
            RetreatTo(s) => format!("retreat-to-{}", sq(s)),
            AdvanceWith(u) => format!("advance-{u}"),
            StayPut => "stay-put".into(),
            CommittedHitOn(u) => format!("committed-hit-{u}"),
            SkirmishTo(s) => format!("skirmish-to-{}", sq(s)),
            Restore { card, unit } => format!("restore-{card}-{unit}"),
            Rally { card, unit } => format!("rally-{card}-{unit}"),
            Redoubt { card, unit } => format!("redoubt-{card}-{unit}"),
            EndRestoration => "end-restoration".into(),
            FlipSlot(s) => format!("flip-{}", slot_letter(s)),
            MoveCard { from, card, to } => {
                let what = if card == crate::state::NONE { "down".to_string() } else { card.to_string() };
                format!("move-card-{}-{what}-to-{}", slot_letter(from), slot_letter(to))
            }
            KeepDisplay => "keep-display".into(),
        }
    }
}

/// A display slot's letter, A to E.
pub fn slot_letter(slot: u8) -> char {
    (b'A' + slot.min(4)) as char
}
