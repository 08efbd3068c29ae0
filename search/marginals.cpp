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

double piece_value(PieceType t) {
  constexpr double kValue[kPieceTypes] = {10, 8, 6, 5, 4, 3, 2, 1.5, 3, 5, 2, 1000};
  return t < kPieceTypes ? kValue[t] : 0;
}

}  // namespace junqi::search
