import Foundation

extension ScoreFollower {
    /// Switches for the method's choices, so that the benchmark can measure each one's effect.
    public struct Options: Sendable {
        /// Onset features (DLNCO) beside chroma, and their weight.
        public var onsetFeatures = true
        public var onsetWeight: Float = 0.6
        /// The onset features' weight in the fine pass, which places the downbeats (nil: `onsetWeight`); the coarse
        /// pass, which finds the take's place and judges whether it is of the score, keeps `onsetWeight`. 0.4 against
        /// 0.6 (docs/follow.md, "The fine pass's onset weight", tuning sets): chorales 91.9 / 97.3 → 92.6 / 97.3 % within
        /// 0.1 / 0.25 s, slow attacks 86.2 / 91.7 → 87.3 / 93.1 %, string quartets 87.7 / 95.9 → 89.7 / 96.5 %, a
        /// session's sounds 89.3 / 94.9 → 90.9 / 96.2 %; wrong-piece takes refused 273 → 277 of 280 (slow attacks) and
        /// 116 → 118 of 120 (short chorale takes); ASAP's piano 91.6 / 95.5 → 91.5 / 95.3 %.
        public var fineOnsetWeight: Float? = 0.4
        /// The audio's onset chroma is divided by its maximum within ±0.5 s, but by at least `onsetFloor` of its
        /// maximum within ±`onsetFloorRadius` frames: inside a long held chord the small rises of its decay or vibrato
        /// are otherwise raised to full onsets and match the score's next chord, and room noise in a pause becomes
        /// onsets (0: off). FollowBench's tuning split (docs/follow.md, fifth round): any floor from 0.02 to 0.3 the
        /// same, 88.4 → 88.7 % within 0.1 s, 93.8 → 94.5 % within 0.25 s; 0.6 worse (88.0 / 93.2 %).
        public var onsetFloor: Float = 0.2
        public var onsetFloorRadius = 150
        /// γ of the log energy `log(1 + γ·e)` whose rises the refinement looks for (the take's level set to an RMS of
        /// 0.1, e per pitch and 2048-point frame). At 1000 (as the onset chroma) a quiet note's energy stays in the
        /// linear part of the log, so a soft attack hardly rises; FollowBench's tuning split within 0.1 / 0.25 s:
        /// 1000 89.2 / 94.9 %, 3000 89.7 / 95.6 %, 10 000 90.4 / 95.7 %, 30 000 89.4 / 95.4 %, 100 000 89.3 / 95.3 %.
        public var fluxCompression: Float = 10_000
        /// Which rises are taken from the previous frame's vibrato-tolerant energy (``AudioFeatures/VibratoTolerance``).
        /// Measured on FollowBench's ensemble takes (docs/follow.md, "Ensemble realism"), none kept: the refinement's
        /// make a choir take's onsets look sharp (every downbeat ~22 ms late); the onset chroma's mend vibrato's cost
        /// but lose 1.5 points within 0.1 s on the chorales' tuning split; the coarse pass's misplace inserts and let
        /// 5 more short takes of another chorale through.
        public var vibratoTolerance = AudioFeatures.VibratoTolerance.off
        /// γ of the log energy whose rises make the onset chroma (DLNCO).
        public var onsetCompression: Float = 1000
        /// Coarse pass then a banded fine pass (off: one full-resolution pass).
        public var multiResolution = true
        /// Rescale the score to the take's overall tempo before the fine pass.
        public var tempoEstimate = true
        /// Move each downbeat to the strongest onset within `refineRadius` frames.
        public var refineOnsets = true
        public var refineRadius = 4
        /// Look for the onsets of the downbeat's own notes (their pitches' flux) within `noteRadius` frames,
        /// weighted by a Gaussian of `noteSpread` frames around the path's estimate, before the plain flux.
        /// Measured on FollowBench's tuning split: 79.6 % within 0.1 s against 79.3 % without, 89.3 against 89.6 %
        /// within 0.25 s (organ better, choir worse), so off.
        public var refineToNotes = false
        public var noteRadius = 12
        public var noteSpread = 6.0
        /// Look for the onset of the downbeat's fresh notes (struck, and not sounding `freshGap` seconds before): the
        /// strongest rise of their partials' log energy from `freshBefore` frames before the path's estimate to
        /// `freshAfter` after, moved back to where it first reaches `freshShare` of its peak. Off: the strongest
        /// plain spectral-flux peak within `refineRadius`, moved back to `attackShare` of it. Measured on
        /// FollowBench's tuning split (docs/follow.md, third round).
        public var refineToFreshNotes = true
        public var freshGap = 0.15
        /// Search for the onsets again around the path's downbeats moved by `recentreShare` of the median shift to the
        /// onsets found first, when that shift is at least `recentreMinimum` frames early.
        public var recentreRefinement = false
        public var recentreMinimum = 2.0
        public var recentreShare = 1.0
        /// How many times the search is moved by the median shift of the onsets found in the last one (each round only
        /// while that shift is at least `recentreMinimum` frames early). FollowBench's reverberant tuning split: 3 rounds
        /// 77.7 → 72.9 % within 0.1 s (the later rounds find the previous beat's rises), so 1.
        public var recentreRounds = 1
        /// Frames after the path's first audio frame within which a downbeat keeps the onset found around the path's own
        /// time when the others are recentred (the path begins on the take's first sound, so it is not late there; -1:
        /// every downbeat recentred). FollowBench's reverberant tuning split (second pass below from 3 frames): -1 80.5 /
        /// 92.2 %, 5 81.2 / 92.1 % within 0.1 / 0.25 s (the first downbeats of complete choir and organ takes in the
        /// church were moved 0.15–0.2 s early).
        public var recentreEntryFrames = 5
        /// Frames either side of the path's downbeat where the score's local rhythm is matched against the audio's
        /// rises before the onset search (``rhythmShift(_:timeline:path:audio:)``; 0: off), the nominal seconds of
        /// score either side of the downbeat whose onsets are matched, the fewest onsets that make a rhythm, the
        /// nominal seconds either side over which the path's local tempo is read, the frames around the path's
        /// downbeat whose best match must be beaten, and by what factor. ASAP tuning half (sharp takes only, below):
        /// 90.2 / 94.2 → 91.0 / 94.8 % within 0.1 / 0.25 s at 0.5 s and a margin of 2; margin 2.5 90.8 / 94.6 %; 1 s
        /// with the downbeat's own onset weighing 3, 91.0 / 94.4 %; 1 s at a margin of 1.15 for every take 87.7 / 92.6 %
        /// (the chorale split 91.9 / 97.4 → 84.2 / 94.6 %: four voices moving in quarters match a beat early or late).
        public var rhythmRadius = 20
        public var rhythmSpan = 0.5
        public var rhythmMinimumOnsets = 3
        public var rhythmTempoReach = 2.0
        public var rhythmKeep = 3
        public var rhythmMargin: Float = 2
        /// The downbeat's own onset's weight in the match (each other onset's is 1), and the frames either side of where
        /// an onset falls that its rise is taken from.
        public var rhythmOwnWeight: Float = 1
        public var rhythmTolerance = 1
        /// Whether only a take with sharp attacks (as for `sharpFreshAfter`) has its downbeats moved by the rhythm (the
        /// chorales' choirs and organs lose with it: their slow rises match the score's rhythm a beat off).
        public var rhythmSharpOnly = true
        public var freshBefore = 5
        public var freshAfter = 3
        /// Frames after the path's estimate the fresh notes' onset is looked for again in a take whose attacks are sharp
        /// (the onsets' mean rise at the first search below `sharpAttack` frames): a piano's path reaches its downbeats
        /// early rather than late, a centred window hearing a struck chord before it begins. nil: `freshAfter` always.
        /// ASAP tuning half 89.5 / 94.3 → 90.2 / 94.2 % within 0.1 / 0.25 s; for every take (no gate) the chorale split
        /// lost 91.9 → 90.3 % within 0.1 s (docs/follow.md, "Session 27").
        public var sharpFreshAfter: Int? = 7
        /// The mean onset rise (frames) below which a take's attacks count as sharp (ASAP's piano 1.2–2.4, choirs 2.5–6.8).
        public var sharpAttack = 2.0
        /// A rise more than `freshLateFrom` frames after the estimate counts `1 / freshLateRatio` of its strength when
        /// the strongest is chosen (nil: none weighed down; the wider search sets it to `freshAfter`, so a later note of
        /// the same pitches wins only when it is much stronger). ASAP tuning half, ratio 1 / 1.5 / 2.5: 89.9 / 90.0 /
        /// 90.2 % within 0.1 s.
        public var freshLateFrom: Int? = nil
        public var freshLateRatio: Float = 2.5
        public var freshShare: Float = 0.1
        /// Frames before the search window the walk back to `freshShare` of the peak may reach. FollowBench's tuning split
        /// (seventh round): 2 91.9 / 97.4 %, 5 89.1 / 97.3 %, 10 87.6 / 97.3 % within 0.1 / 0.25 s: the limit keeps
        /// slow attacks' feet from drifting early.
        public var freshBack = 2
        /// Frames over which the take's fastest energy fall is measured (``fastestDecay(_:)``), and the fall (dB) below
        /// which the take counts as reverberant: its downbeats' onsets are then searched again around the path's
        /// downbeats moved by their median shift (as `recentreRefinement` does for every take). FollowBench's tuning
        /// split: dry takes fall 12.6–54 dB (slow attacks at least 12.6), the same takes in a hall (RT60 2.2 s) 8.4–13.3 dB,
        /// in a church (4 s) 5.1–12.0 dB; at 12 dB the reverberant tuning split goes from 74.3 to 78.6 % within 0.1 s
        /// and the dry one is unchanged.
        public var decayFrames = 15
        /// The fall (dB) over ``decayFrames`` below which a take counts as reverberant (0: never).
        public var reverberantDecay = 12.0
        /// The onset features' weight in a second fine pass of a reverberant take whose attack (the refined onsets' mean
        /// rise, in frames) is at least `reverberantSlowAttack` (nil: one fine pass). A slow attack under the last
        /// chord's ringing rises late and smeared, and the onset features pulled the path late with it. FollowBench's
        /// reverberant tuning split (docs/follow.md, "Reverberant rooms", third round): 78.1 / 90.3 % within 0.1 / 0.25 s
        /// with one pass; the weight 0 for every reverberant take 79.2 / 91.8 % (sharp piano attacks lose), 0.15 80.8 /
        /// 92.3 % (the same); 0.15 from an attack of 3.6 frames 80.4 / 92.3 %, of 3 frames 80.5 / 92.2 % (81.2 / 92.1 %
        /// with `recentreEntryFrames`), of 2.5 frames 81.6 / 92.2 % (the dry sets' pianos that fall less than 12 dB measure
        /// 1.2–2.0 frames, the rooms' 1.5–3.5).
        public var reverberantOnsetWeight: Float? = 0.15
        public var reverberantSlowAttack = 2.5
        /// In a reverberant take the score's notes ring on after their written ends in its chroma
        /// (``ScoreTimeline/features(ringing:ringLevel:)``): at `ringLevel` of their weight, decaying by a factor e every
        /// `ringSeconds` times the room's share (``ringShare(_:)``: 1 for a fall of 6 dB, 0 at ``reverberantDecay``;
        /// 0: off); `dryRingSeconds` the same in every other take (a piano's pedal; 0: off). Without it the path reached
        /// each chord late while the last one rang on (median 0.16 s in FollowBench's church). FollowBench's reverberant
        /// tuning split (docs/follow.md, "Reverberant rooms"): 77.7 / 89.5 % → 78.1 / 90.3 % within 0.1 / 0.25 s; 0.5 s
        /// for every reverberant room 78.9 / 90.0 %, 1 s 75.6 / 86.5 %, level 1 76.6 / 87.6 % (the take's first chord
        /// does not ring with the bars before it, and inserts lost their first downbeats).
        public var ringSeconds = 0.5
        /// The fall (dB over ``decayFrames``) below ``reverberantDecay`` at which the ringing is `ringSeconds` long.
        public var ringFall = 6.0
        public var dryRingSeconds = 0.0
        public var ringLevel: Float = 0.5
        /// The share of an onset's peak flux where its attack is taken to begin (0.2: best on FollowBench's tuning split).
        public var attackShare: Float = 0.2
        /// How many times its written length a note under a fermata is laid out in the score's timeline (with elastic
        /// fermatas on FollowBench's tuning split: 1.6 best, 82.7 % within 0.1 s; 1.0 81.4 %; 2.0 81.9 %, F1 0.973).
        public var fermataStretch = 1.6
        /// Under a fermata (and `fermataLead` quarters before it) the path may slow down without penalty and the
        /// score may stand still while the audio goes on: a fermata is held as long as the performer likes.
        public var elasticFermatas = true
        public var fermataLead = 0.5
        /// The same in the coarse pass over the whole score, where standing still costs `coarseHoldPenalty` a frame
        /// (free, a short take can settle on one held chord); `fineHoldPenalty` in the fine pass.
        public var elasticCoarse = true
        public var coarseHoldPenalty: Float = 0.3
        public var fineHoldPenalty: Float = 0.1
        /// Silent audio frames (room noise before and after a take) cost as much against sounding score frames
        /// as no match at all, so the path does not reach into them.
        public var silenceAware = true
        /// Silence against sound costs `1 + onsetWeight · silentMismatch` (< 0: the chroma's 1 plus the onset distance).
        /// With the onset floor a pause has no onsets left and matched a held chord cheaply: a false start's pause was
        /// aligned into the score. Tuning split with the floor: 0.3 89.1 / 94.8 %, 0.5 89.2 / 94.9 % (F1 0.986),
        /// 0.7 89.2 / 94.9 % (F1 0.988), 1.0 88.6 / 94.4 %.
        public var silentMismatch: Float = 0.7
        /// The take's frames before its music first rises this many dB above its quietest frame (walked back over the
        /// rise) count as silent (``AudioFeatures/musicStart(energy:silent:rise:flatFrames:flatness:margin:)``; 0: off).
        public var leadingNoiseRise: Float = 15
        /// The take's silence before its first sounding frame and after its last matches nothing but the score's own
        /// silence before its first note and after its last, not a rest inside it (``SubsequenceDTW/edgeSilence``).
        public var edgeSilence = true
        /// The take's silence against the score's silence before its first note or after its last costs as much as
        /// leaving the frame out (``SubsequenceDTW/scoreEdgeSilenceSkips``); else nothing. Free, the pause between a take
        /// and the talk after it was held as the piece's closing silence (on a final fermata's free hold) and the path
        /// drawn to the piece's end. Tuning split in a session's sounds: within 0.1 / 0.25 s 87.7 / 93.3 → 89.3 / 94.9 %,
        /// F1 0.970 → 0.978, right takes refused 3 → 0; the tuning split as cut 91.9 / 97.4 → 91.9 / 97.3 % (docs/follow.md,
        /// "A pause is not the piece's closing silence").
        public var scoreEdgeSilenceSkips = true
        /// Seconds of silent frames in the take from which on they are a pause, not a rest played (and longer than
        /// ``pauseRestFactor`` times the score's longest rest): against the score's silence they cost as much as leaving
        /// them out (``SubsequenceDTW/pause``), not nothing. nil: every silent frame matches the score's silence for
        /// nothing (before session 32), and the pause after a false start, held on a short rest at a repeated section's
        /// end, drew the take onto the repeat's next pass. String-quartet tuning split with the tap: false starts
        /// 70.3 / 75.9 → 87.3 / 94.9 % within 0.1 / 0.25 s, all takes F1 0.987 → 0.997; the chorale, slow-attack and
        /// wrong-piece sets unchanged (docs/follow.md, "A false start's pause is not a rest").
        public var pauseSkips: Double? = 0.6
        /// A run of silent frames is a pause (``pauseSkips``) only when it is also longer than this many times the score's
        /// longest rest between its first note and its last (at the tempo it is laid out at): a slow movement's general
        /// rests, played, are silent for longer than 0.6 s. 0 (every run of 0.6 s): Beethoven op. 18/1/ii's right takes
        /// lost confidence (0.98 → 0.84); 2: its false start's pause was held on a rest again; 3: false starts 83.5 / 90.5 %.
        public var pauseRestFactor = 1.0
        /// The longest false start, in seconds, that the path leaves out when the audio before a pause is heard again
        /// after it (``ScoreFollower/restartedAfterFalseStart(_:score:audio:energy:downbeats:)``); nil: never.
        public var falseStartLongest: Double? = 8
        /// The audio before the pause is a false start of what follows when it matches that audio's beginning with a
        /// mean cost at most this many times the path's mean cost against the score after the pause.
        public var falseStartMatch = 1.0
        /// The path must run through the score in the pause this many times faster than it goes after the pause for the
        /// audio before to be looked at as a false start: a breath between phrases holds the path or lets it go on at
        /// the take's pace (a chorale's phrase whose next phrase begins alike is the take's own).
        public var falseStartPace = 1.4
        /// A false start is looked for only when the path matches the take after the pause at most this share of the
        /// cost of matching at random: another piece's false start and take are not restarted into a better fit.
        public var falseStartTakeMatch = 0.6
        /// Frames (1/50 s) by which the take's chroma is delayed before it is aligned: a centred window hears a chord
        /// before it begins (``FeatureSequence/delayed(chromaFrames:onsetFrames:)``). 0: as analysed. Off: with the
        /// onset chroma 1 frame later too, ASAP's partial takes went 90.1 / 95.8 → 90.7 / 95.1 % and their confidence fell.
        public var chromaLag = 0
        /// Frames by which the take's onset chroma is delayed before it is aligned. 0: as analysed.
        public var onsetLag = 0
        /// After each fermata, the onset of the chord that follows it is looked for in the audio (the first strong rise
        /// of its notes after the held chord) and the fine pass run again with the path held to pass through it.
        /// Off: on FollowBench's tuning split it lost more than it mended (89.2 / 94.9 % → 87.5 / 93.2 % at share 0.5,
        /// 88.4 / 94.1 % at 0.25): the first strong rise is often the chord after the anchor or a re-struck voice.
        public var anchorAfterHolds = false
        /// The rise that counts as the chord's onset: this share of the strongest rise in the search window.
        public var anchorShare: Float = 0.5
        /// Frames after the path's estimate searched for the onset after a fermata.
        public var anchorReach = 100
        /// Anchor only chords of the held chord's harmony.
        public var anchorSameHarmonyOnly = true
        /// The onset is looked for from this share of the fermata's laid-out length after the held chord's start.
        public var anchorHoldShare: Float = 0.5
        /// Downbeats that repeat the harmony before them near a fermata are moved onto the strongest slow rise of their
        /// fresh notes' level (``reattack(_:timeline:audio:)``) before the refinement. FollowBench's tuning split
        /// (docs/follow.md, seventh round): 91.2 → 91.9 % within 0.1 s, 96.5 → 97.4 % within 0.25 s, F1 0.990 (same).
        public var reattackHolds = true
        /// 0: only downbeats near a fermata; 1: every downbeat that repeats the harmony before it (97.3 % within 0.25 s);
        /// 2: every downbeat (93.2 %: the strongest rise in the window is often another beat's).
        public var reattackScope = 0
        /// Nominal seconds after a fermata's span within which a downbeat counts as near it.
        public var reattackFermataReach = 0.0
        /// Frames of level averaged either side of a frame to measure its rise.
        public var reattackHalf = 5
        public var reattackBefore = 10
        public var reattackAfter = 100
        public var reattackRatio: Float = 1.5
        public var reattackMinimum: Float = 0.3
        public var reattackMinimumShift = 4
        /// The rise at the estimate: the largest from 3 frames before it to this many after (a slow attack rises most
        /// in its middle).
        public var reattackHere = 8
        /// The search ends this many frames before the path reaches the score's next strike of the downbeat's fresh
        /// pitches (nil: no such end), so a later note of the same pitches is not taken for the re-attack. FollowBench's
        /// slow-attack set (docs/follow.md, session 31): 85.9 / 91.4 → 86.2 / 91.7 % within 0.1 / 0.25 s.
        public var reattackBeforeNextStrike: Int? = 5
        /// Judge the take also by its voices' pitches along the fine path (``PitchEvidence``): the template match with the
        /// take's own partial weights joins the mismatch. FollowBench's tuning split with its slow-attack takes
        /// (docs/follow.md, "Pitch evidence by default"): 294 → 385 of 410 wrong-piece takes refused, none of 248 right
        /// takes. Off: judged by chroma alone, before the fine pass.
        public var pitchEvidence = true
        /// With pitch evidence, the mismatch adds this weight times how far the path's worst window of sounding frames
        /// matches the neighbouring bars' voices better than its own bars' (``PitchEvidence/localWorstGain`` below 0; 0: off).
        /// On the chorales it refused 2 more of 410 wrong-piece takes (docs/follow.md, eighth round); on human piano
        /// performances of music that repeats itself it refused right takes, and the refit without it refuses more wrong
        /// takes and fewer right ones (docs/follow.md, "Human performances"), so off.
        public var localOrderWeight = 0.0
        /// Cost added to each fine-pass step that leaves the score's tempo (all but the diagonal one).
        public var stepPenalty: Float = 0.15
        /// Added in the coarse pass to a step that speeds up into a fermata's elastic frames (0: off). The coarse path
        /// races through a held fermata with (3,1) steps and crawls through the bars after it with (1,4) steps where the
        /// two share their harmony. Measured on FollowBench's tuning split at 0.3 with a band of
        /// 80: 84.8 / 93.1 % within 0.1 / 0.25 s, F1 0.980 (without: 84.8 / 93.2 %, 0.985): it mends some such takes,
        /// loses an insert and lowers the confidence of right takes, so off.
        public var coarseRushPenalty: Float = 0
        /// The same in the fine pass.
        public var fineRushPenalty: Float = 0
        /// Frames per coarse frame.
        public var coarseFactor = 5
        /// Score frames either side of the coarse path searched by the fine pass (120: 2.4 s). Where the coarse path
        /// goes wrong by more than the band (through a held fermata into bars of the same harmony), the fine pass cannot
        /// mend it. FollowBench's tuning split within 0.1 s / 0.25 s: 40 frames 84.1 / 92.7 %, 60 84.3 / 93.0 %,
        /// 80 84.8 / 93.2 %, 120 85.0 / 93.6 %, 200 84.8 / 93.3 % (F1 0.983); one full-resolution pass 82.7 / 91.2 %.
        public var bandRadius = 120
        /// Cost of an audio frame outside the alignment, as a share of the cost of matching at random.
        public var skipCost: Float = 0.8
        /// A downbeat before the path's start, when the path begins within 8 frames after silence, is placed at the
        /// path's start (else extrapolated at the score's tempo).
        public var startAfterSilence = true
        /// A path that begins right after silence within `edgeReach` frames after the score's first note is made to
        /// begin on it (a take that starts at the top starts on its first note, however slowly it sounds).
        /// FollowBench's tuning split (docs/follow.md, sixth round): 90.4 → 90.6 % within 0.1 s, 95.7 → 95.9 % within 0.25 s.
        public var holdStart = true
        /// A path that ends within `quietGap` frames before silence and `edgeReach` frames before a downbeat is made
        /// to reach `holdEndFrames` past it (a take stopped just after a downbeat, its last chord matched to the one
        /// held before). With `holdStart`, reach 100 and gap 25: 90.6 → 91.2 % within 0.1 s, 95.9 → 96.5 %, F1
        /// 0.988 → 0.990 (reach 60 and gap 8: 90.9 / 96.2 %; reach 150: 90.6 / 96.1 %; gap 50 as 25).
        public var holdEnd = true
        public var edgeReach = 100
        public var holdEndFrames = 2
        public var quietGap = 25
        /// A last downbeat followed by silence within `stopReach` frames is dropped when its peak flux within
        /// ±`stopWindow` frames is under `stopOnsetShare` of the median at the take's other downbeats (nil: kept;
        /// ``droppingUnheardLast(_:audio:silent:)``). FollowBench's stopped takes (the tuning split stopped inside a
        /// bar): F1 0.929 → 0.966 (extra downbeats 92 → 28); the split as cut 0.990 → 0.991; shares 0.2 / 0.35: 0.963 /
        /// 0.966; reach 50 or window 6 no better (docs/follow.md, "A take stopped inside a bar").
        public var stopOnsetShare: Float? = 0.5
        public var stopReach = 25
        public var stopWindow = 3
        /// Score frames a downbeat may lie outside the path's ends and still be placed.
        public var edgeSlack = 12
        /// Seconds added to every downbeat: minus the median lateness measured on FollowBench's tuning set (17 ms).
        public var latency = -0.02
        /// Seconds subtracted per frame by which a take's mean attack rise (`FollowResult.attackFrames`, clamped to
        /// 1–7) exceeds `attackPivot`: fitted on FollowBench's tuning split, where the median error per take grows by
        /// 12.9 ms a frame of rise (piano's rise of about 1.5 frames left downbeats 30 ms early, choir's 5 frames 30 ms late).
        public var attackSlope = 0.0129
        public var attackPivot = 3.4
        /// Onset chroma cleared for this many frames from the take's first entry out of `entryQuiet` frames of room noise
        /// (every entry when `everyEntry`; in the fine pass only when `entryFineOnly`; 0: off), so that a take opening on
        /// a held chord does not match the next downbeat's attack at its entry (``clearingEntryOnsets(_:frames:quiet:everyEntry:)``).
        /// Off: on FollowBench's tuning split (docs/follow.md, eighth round) 30 frames in the fine pass gained 91.9 → 92.1 %
        /// within 0.1 s and 97.4 → 97.5 % within 0.25 s but lost a downbeat (F1 0.990 → 0.989) and a short wrong-piece
        /// refusal; in both passes it moved short inserts to the other pass of their repeat (97.0 %).
        public var entryOnsetFrames = 0
        public var entryQuiet = 5
        public var everyEntry = false
        public var entryFineOnly = false
        /// When the coarse pass's best rival elsewhere in the score (``secondPlace(_:_:_:)``, the first path's frames and
        /// `secondBestMargin` of its length either side left out) costs at most this share more than the best path, both
        /// are followed and the one whose pitches match better by more than `secondBestGain` (``PitchEvidence/fittedMatch``)
        /// is kept (0: off). Off: the rival is mostly a repeat's other pass, the same notes, and at 0.05 with no margin the
        /// template chose wrongly for four right inserts (tuning split 91.9 / 97.4 % → 90.6 / 96.2 %; eighth round).
        public var secondBest: Double = 0
        public var secondBestMargin = 0.0
        public var secondBestGain = 0.0
        /// The take's reference pitch (A4 in Hz) when it is known; nil: found from the take (``tunedFeatures(of:score:)``).
        public var referencePitch: Double?
        /// The reference pitch (A4 in Hz) the session's other takes were found at (``TakePlacer``): the take is analysed
        /// on its grid and never moved a semitone from it, but the semitone search still measures how much worse the
        /// take fits a semitone off (``MatchEvidence/keyContrast``). A take of another piece that fits its score only a
        /// semitone away is then judged in the session's key. nil: the grid is found from the take itself.
        public var sessionPitch: Double?
        /// Estimate where the take's partials lie between the 440 Hz grid's semitones (``ReferencePitch/deviation(of:size:every:lowest:highest:range:)``)
        /// and analyse it on that grid; a deviation under `tuningSnap` cents, or whose peaks' `concentration` is under
        /// `tuningConcentration`, is taken as 440 Hz's grid. FollowBench's soundfonts read 4–7 cents off 440; on those
        /// grids (a snap of 3) the tuning split lost 91.9 → 90.5 % within 0.1 s (docs/follow.md, "Reference pitch").
        public var estimateTuning = true
        public var tuningSnap = 8.0
        public var tuningConcentration = 0.1
        /// Try the take a semitone below and above the estimated grid too (A = 415 Hz and 466 Hz are a semitone from
        /// 440), and keep the offset whose coarse alignment costs least, when it costs `semitoneMargin` less than the grid's own.
        /// Tuning split at 415 Hz: the right offset costs 0.37–0.71 of the grid's; at a margin of 0.1 five short takes of
        /// another piece moved a semitone and were accepted (114 → 109 of 120 refused), at 0.28 none; on the slow-attack
        /// set 7 more short wrong takes are still accepted at 0.28 (263 → 256 of 280), at costs inside the right takes' range.
        public var semitoneSearch = true
        public var semitoneMargin = 0.28
        /// A take kept in its grid's key whose alignment a semitone off costs no more than in its key is judged less
        /// like its score: the mismatch rises by this much per unit the ratio falls below 1 (``MatchEvidence/keyPenalty``).
        public var keyBlindWeight = 10.0
        /// A pause at least this long (seconds of silent frames) before the path's first frame or after its last parts
        /// the take from what the recorder heard around it (the slate, the players tuning, talk), which the path's
        /// coverage then leaves out (``MatchEvidence/takeSpan(first:last:silent:pause:unlike:)``; 0: the whole file
        /// counts, as before session 28). Takes wrapped in a session's sounds (`make_session_takes.py`, tuning split):
        /// right takes refused 21 → 3 of 88, within 0.25 s 74.8 → 86.1 %; the clean split's downbeats unchanged; the
        /// wrong-piece sets' refusal unchanged but for one slow-attack false start of another chorale (268 → 267 of 280),
        /// whose own false start is left out with the pause after it (docs/follow.md, "A recorder's file").
        public var surroundingPause = 0.6
        /// With a value, only a stretch more unlike the score than this is left out
        /// (``MatchEvidence/unlikeness(of:dtw:silent:pathOrderFree:chance:)``); nil: every stretch parted by a pause.
        /// Not used: by order-free chroma the slate's speech (0.2–0.6) is not told from another piece's false start
        /// (−0.25–0.39), and a tuning A or a choir's given chord is as like the score as its music.
        public var surroundingUnlike: Double?
        /// Seconds of the quiet at either end of the take's span (the silent frames from its first frame on, and back
        /// from its last, outside the path) that count as take the path leaves out; the rest does not count at all, so
        /// a recorder that rolled minutes before the music (room tone only) does not make the take look mostly
        /// uncovered. A pause between a false start and its take still counts. nil: all of it counts (before session 31).
        public var edgeQuiet: Double? = 3
        public init() {}
    }
}
