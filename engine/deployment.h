#pragma once
// Deployments (RULES.md §3): a side's 25 pieces on its own half, written as in
// NOTATION.md from the deploying side's own point of view, so one string serves both.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "engine/position.h"
#include "engine/random.h"

namespace junqi::engine {

// The example deployment of NOTATION.md: the sample game and the README use it.
constexpr std::string_view kSampleDeployment = "LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC";

// Own-half slots, index = (own rank - 1) * 5 + own file (own file 0 = own left).
// Camps hold kNoType.
constexpr int kDeploymentSlots = 30;
using Deployment = std::array<PieceType, kDeploymentSlots>;

// The board square of a slot for the deploying side (Blue's half is turned half a turn).
Square deployment_square(Color side, int slot);
// The slot of a square of side's own half (its inverse), or -1 outside that half.
int deployment_slot(Color side, Square s);
bool is_camp_slot(int slot);
// Whether the deployment rules (RULES.md §3) let a piece of type t start on a non-camp slot:
// the Flag only in a headquarters, Landmines only in the two back ranks, no Bomb in the
// front rank. The piece counts are a separate matter.
bool may_deploy(PieceType t, int slot);

// Syntax only: six '/'-separated groups of five symbols, letters MGDRTYCPEBLF or '+'.
// Throws Error naming the group and symbol.
Deployment parse_deployment(std::string_view text);
std::string deployment_string(const Deployment& d);

// The first broken rule of §3, as a message naming it and the square (in the frame of
// `side`), or nullopt for a legal deployment.
std::optional<std::string> deployment_error(const Deployment& d, Color side = kRed);

// Parses and validates; throws Error with the broken rule.
Deployment parse_legal_deployment(std::string_view text, Color side = kRed);

// A deployment drawn uniformly from all legal ones.
Deployment random_deployment(Rng& rng);

// The position at ply 0 with both deployments placed, Red to move.
Position start_position(const Deployment& red, const Deployment& blue, const Rules& rules = {});

}  // namespace junqi::engine
