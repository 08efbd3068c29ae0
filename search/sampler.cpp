#include "search/sampler.h"

#include <cassert>

namespace junqi::search {

using namespace junqi::engine;

namespace {

std::array<TypeWeights, Sampler::kPieces> piece_weights(const Belief& belief, const DeploymentPrior& prior,
                                                        const BehaviourModel& behaviour) {
  std::array<TypeWeights, Sampler::kPieces> w{};
  for (int id = 0; id < Sampler::kPieces; ++id) {
    const TrackedPiece& p = belief.pieces()[id];
    const int slot = deployment_slot(belief.enemy(), p.start);
    const TypeWeights& acted = behaviour.weight[size_t(behaviour_class(p))];
    for (int t = 0; t < kPieceTypes; ++t)
      w[id][t] = (p.possible & type_bit(PieceType(t))) ? prior.weight[slot][t] * acted[t] : 0.0;
  }
  return w;
}

}  // namespace

void Sampler::update(const Belief& belief, const DeploymentPrior& prior, const BehaviourModel& behaviour) {
  update(piece_weights(belief, prior, behaviour));
}

void Sampler::update(const std::array<TypeWeights, kPieces>& weights) {
  if (!completions_.empty() && weights == weight_) return;
  weight_ = weights;
  full_index_ = 0;
  int size = 1;
  for (int t = 0; t < kPieceTypes; ++t) {
    stride_[t] = size;
    full_index_ += kPieceCount[t] * size;
    size *= kPieceCount[t] + 1;
  }
  // completions_[index]: total weight of the ways to give the last `left` pieces exactly
  // the types counted by index (mixed radix over stride_), where left is the sum of
  // those counts. It depends only on smaller indices, so one pass in index order fills
  // the table; the digits are kept as an odometer to avoid dividing.
  completions_.assign(size_t(size), 0.0);
  completions_[0] = 1.0;
  std::array<int, kPieceTypes> digit{};
  int left = 0;
  for (int index = 1; index < size; ++index) {
    for (int t = 0;; ++t) {  // odometer increment
      if (digit[t] < kPieceCount[t]) {
        ++digit[t];
        ++left;
        break;
      }
      left -= digit[t];
      digit[t] = 0;
    }
    const TypeWeights& w = weight_[kPieces - left];
    double sum = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if (digit[t] && w[t] > 0) sum += w[t] * completions_[size_t(index - stride_[t])];
    completions_[size_t(index)] = sum;
  }
  total_ = completions_[size_t(full_index_)];
}

void Sampler::sample(Rng& rng, std::array<PieceType, kPieces>& types) const {
  assert(consistent());
  int index = full_index_;
  for (int piece = 0; piece < kPieces; ++piece) {
    // completions_[index] is the total over this piece's choices; pick one in proportion.
    double r = double(rng.next() >> 11) * 0x1.0p-53 * completions_[size_t(index)];
    int chosen = -1;
    for (int t = 0; t < kPieceTypes; ++t) {
      if (weight_[piece][t] <= 0 || index / stride_[t] % (kPieceCount[t] + 1) == 0) continue;
      const double w = weight_[piece][t] * completions_[size_t(index - stride_[t])];
      if (w <= 0) continue;
      chosen = t;  // the last possible type absorbs rounding at the top of the range
      if (r < w) break;
      r -= w;
    }
    types[piece] = PieceType(chosen);
    index -= stride_[chosen];
  }
}

Position determinize(const View& view, const Belief& belief, const std::array<PieceType, Belief::kPieces>& types) {
  Position pos = view.board();
  for (int id = 0; id < Belief::kPieces; ++id) {
    const Square s = belief.pieces()[id].square;
    if (s == kNoSquare) continue;
    pos.remove_piece(s);
    pos.put_piece(s, make_piece(belief.enemy(), types[id]));
  }
  return pos;
}

}  // namespace junqi::search
