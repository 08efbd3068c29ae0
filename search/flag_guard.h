#pragma once
// A tactical check after the search: the tree, at a few thousand iterations, can miss
// that the enemy takes our flag two of its moves from now (an Engineer runs the railway
// to dig the landmine in front of the flag, then takes the flag; issue 13's lost games).
// The check looks at the search's best moves in order, in a few sampled worlds, and
// plays the first after which at most `tolerated` worlds let the enemy take the flag by
// force; if every candidate loses more often, the one that loses in fewest worlds. A
// threat in one world of six is mostly an unknown piece near the flag drawn as an
// Engineer: answering every such shadow made the bot passive (unpaired against
// `heuristic`, 60 games at 500 iterations: 49.2% guarding against any world, 60.0%
// without the guard). It assumes the enemy
// knows where our flag is (the cautious reading), and costs nothing measurable when no
// enemy piece can come near the flag.

#include <vector>

#include "engine/random.h"
#include "engine/view.h"
#include "search/belief.h"
#include "search/sampler.h"

namespace junqi::search {

struct FlagGuardParams {
  int worlds = 6;        // determinizations checked
  int tolerated = 2;     // worlds in which a move may lose the flag and still be played
  int candidates = 256;  // best moves of the search tried, in order (all of them: the check
                         // costs only while the flag is in danger, and then the one saving
                         // move may be one the tree barely visited)
};

// `ranked`: our legal moves, best first (at least one). Returns the move to play.
engine::Move guard_flag(const engine::View& view, const Belief& belief, const Sampler& sampler, engine::Rng& rng,
                        const std::vector<engine::Move>& ranked, const FlagGuardParams& params = {});

// Whether the enemy, to move in pos, takes `flag` (our flag's square) at once or with a
// move after which every reply of ours leaves the flag to be taken next (a reply that
// takes the enemy's flag wins first and saves it).
bool enemy_takes_flag_by_force(engine::Position& pos, engine::Square flag);

}  // namespace junqi::search
