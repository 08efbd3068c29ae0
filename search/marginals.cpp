#include "search/marginals.h"

namespace junqi::search {

using namespace junqi::engine;

Marginals estimate_marginals(const Sampler& sampler, Rng& rng, int samples) {
  Marginals m{};
  std::array<PieceType, Belief::kPieces> types;
  for (int s = 0; s < samples; ++s) {
    sampler.sample(rng, types);
    for (int id = 0; id < Belief::kPieces; ++id) m[id][types[id]] += 1.0 / samples;
  }
  return m;
}

}  // namespace junqi::search
