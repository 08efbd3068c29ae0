// Learned deployment priors: counts and smoothing as derived by hand, files that read back
// exactly and whose errors name the line and key, bot configs that take them, and the
// sampler drawing under one with the frequencies exact enumeration gives.
#include "search/deployment_prior.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/deployment.h"
#include "engine/notation.h"
#include "search/belief.h"
#include "search/bot_config.h"
#include "search/sampler.h"
#include "tests/support/error_text.h"

namespace {

using namespace junqi;
using namespace junqi::engine;
using search::DeploymentCounts;
using search::DeploymentPrior;
using testing_support::contains;
using testing_support::error_of;

// configs/deployments: attack and fortress put the flag on b1 (slot 1), right-flag on d1 (slot 3).
constexpr const char* kAttack = "LFLPC/PLEBC/E+T+B/YR+TY/C+R+P/DMEGD";
constexpr const char* kFortress = "LFLPC/ELBTE/Y+C+R/BD+YT/P+G+E/CMRDP";
constexpr const char* kRightFlag = "CPLFL/ETBLY/R+D+E/TB+PC/Y+M+G/EDRCP";

DeploymentCounts counts_of(std::initializer_list<const char*> deployments) {
  DeploymentCounts c;
  for (const char* d : deployments) c.add(parse_legal_deployment(d));
  return c;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("junqi_prior_test_" + name);
  std::ofstream(path) << text;
  return path.string();
}

// Read off the three strings: b1 holds F, F, P; c2 holds E, B, B; a6 holds D, C, E and
// b6 M, M, D. Allowed types: all 12 at b1 (a headquarters in the back rank), 11 at c2
// (no flag), 9 at a6 and b6 (front rank: no flag, mine or bomb). With alpha = 0.5 the
// denominators are 3 + 0.5 × allowed.
TEST(DeploymentPrior, LearnsSmoothedCountsPerSlot) {
  const DeploymentCounts c = counts_of({kAttack, kFortress, kRightFlag});
  EXPECT_EQ(c.deployments, 3);
  EXPECT_EQ(c.count[1][kFlag], 2);
  EXPECT_EQ(c.count[1][kPlatoon], 1);
  const DeploymentPrior p = search::learn_prior(c, 0.5);
  EXPECT_DOUBLE_EQ(p.weight[1][kFlag], 2.5 / 9);
  EXPECT_DOUBLE_EQ(p.weight[1][kPlatoon], 1.5 / 9);
  EXPECT_DOUBLE_EQ(p.weight[1][kMarshal], 0.5 / 9);
  EXPECT_DOUBLE_EQ(p.weight[3][kFlag], 1.5 / 9);  // d1: P, P, F
  EXPECT_DOUBLE_EQ(p.weight[7][kBomb], 2.5 / 8.5);
  EXPECT_DOUBLE_EQ(p.weight[7][kEngineer], 1.5 / 8.5);
  EXPECT_DOUBLE_EQ(p.weight[7][kMine], 0.5 / 8.5);
  EXPECT_EQ(p.weight[7][kFlag], 0.0);  // forbidden outside the headquarters
  EXPECT_DOUBLE_EQ(p.weight[25][kDivision], 1.5 / 7.5);
  EXPECT_DOUBLE_EQ(p.weight[26][kMarshal], 2.5 / 7.5);
  EXPECT_EQ(p.weight[25][kBomb], 0.0);
  EXPECT_EQ(p.weight[25][kMine], 0.0);
  EXPECT_EQ(search::most_likely(p, 1), kFlag);
  EXPECT_EQ(search::most_likely(p, 26), kMarshal);
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (is_camp_slot(slot)) continue;
    double sum = 0;
    for (double w : p.weight[slot]) sum += w;
    EXPECT_NEAR(sum, 1.0, 1e-12) << "slot " << slot;
  }
  EXPECT_TRUE(contains(error_of([&] { search::learn_prior(c, 0); }), "alpha"));
}

TEST(DeploymentPrior, FileReadsBackExactly) {
  const DeploymentPrior p = search::learn_prior(counts_of({kAttack, kFortress, kRightFlag}), 0.3);
  const std::string text = search::prior_toml(p, "test prior\n\nfrom three deployments");
  EXPECT_TRUE(text.starts_with("# test prior\n#\n# from three deployments\n"));
  EXPECT_TRUE(contains(text, "[b1]\n"));
  EXPECT_FALSE(contains(text, "[b3]"));  // a camp
  EXPECT_EQ(search::load_prior(temp_file("roundtrip.toml", text)), p);
  EXPECT_EQ(search::find_prior("uniform"), DeploymentPrior::uniform());
}

// Each broken file: the edit, then what the error must name.
TEST(DeploymentPrior, BadFilesNameLineAndKey) {
  const DeploymentPrior p = search::learn_prior(counts_of({kAttack}), 1.0);
  const std::string good = search::prior_toml(p, "x");
  // Line numbers in `good`: "# x", blank, "[a1]", 12 weights, blank, "[b1]" (line 17),
  // marshal on 18, ..., flag on 29.
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
  };
  struct Case {
    std::string name, text, expect;
  };
  std::string zero = good;
  {
    const size_t at = zero.find("[b1]\nmarshal = ") + 15;
    zero.replace(at, zero.find('\n', at) - at, "0");
  }
  std::string missing = good;
  {
    const size_t at = missing.find("flag = ", missing.find("[b1]"));
    missing.erase(at, missing.find('\n', at) + 1 - at);
  }
  const std::vector<Case> cases = {
      {"zero.toml", zero, ":18: b1.marshal: must be > 0"},
      {"missing.toml", missing, ":17: b1: missing weight 'flag'"},
      {"unknown_type.toml", replaced("[b1]\nmarshal", "[b1]\nqueen"), ":18: b1.queen: unknown piece type"},
      {"camp.toml", replaced("[b1]", "[b3]"), ":17: b3: not a deployment slot"},
      {"negative.toml", replaced("[b1]\nmarshal = ", "[b1]\nmarshal = -"),
       ":18: b1.marshal: expected a number >= 0"},
      {"text.toml", replaced("[b1]\nmarshal = ", "[b1]\nmarshal = \"a\" #"),
       ":18: b1.marshal: expected a number"},
      {"no_slot.toml", good.substr(0, good.find("[e6]")), ": missing slot [e6]"},
      {"syntax.toml", replaced("[b1]", "[b1"), ":17: "},
  };
  for (const Case& c : cases) {
    const std::string path = temp_file(c.name, c.text);
    const std::string message = error_of([&] { search::load_prior(path); });
    EXPECT_PRED2(contains, message, path + c.expect);
  }
  // A flag weight of 0 where the rules forbid the flag is fine (c2 is no headquarters).
  EXPECT_NO_THROW(search::load_prior(temp_file("forbidden_zero.toml", good)));
  EXPECT_EQ(search::load_prior(temp_file("forbidden_zero.toml", good)).weight[7][kFlag], 0.0);
  EXPECT_PRED2(contains, error_of([] { search::find_prior("no_such_prior"); }),
               "prior 'no_such_prior' not found (looked for configs/priors/no_such_prior.toml)");
}

TEST(DeploymentPrior, SamplingBotsTakeAPriorParameter) {
  const DeploymentPrior p = search::learn_prior(counts_of({kAttack}), 1.0);
  const std::string prior_path = temp_file("bot_prior.toml", search::prior_toml(p, "for a bot"));
  for (const char* kind : {"greedy", "pimc", "ismcts"}) {
    search::BotConfig config{"b", kind, {{"prior", prior_path}}, "b.toml", std::nullopt};
    EXPECT_NE(search::make_bot(config), nullptr) << kind;
    config.params["prior"] = "no_such_prior";
    EXPECT_PRED2(contains, error_of([&] { search::make_bot(config); }),
                 "b.toml: prior: prior 'no_such_prior'");
  }
  const search::BotConfig random{"r", "random", {{"prior", "uniform"}}, "r.toml", std::nullopt};
  EXPECT_PRED2(contains, error_of([&] { search::make_bot(random); }), "takes no parameter 'prior'");
}

// Blue's own deployment is right-flag (flag on slot 3, its right headquarters); Red's
// view has 20 of Blue's pieces revealed, leaving C, P, L, F and E free among slots 0, 1,
// 2, 3 (back rank) and 25 (front rank). The prior, learned from nine deployments with
// the flag on slot 1 and one with it on slot 3, pulls the flag to the wrong headquarters.
// Exact: enumerate the 5! placements of the five types, drop those the rules forbid
// (flag outside a headquarters, mine beyond the two back ranks), weight the rest by the
// product of the prior's weights; the sampler must reproduce those frequencies.
TEST(DeploymentPrior, SamplerDrawsAsExactEnumerationPredicts) {
  const Deployment blue = parse_legal_deployment(kRightFlag, kBlue);
  View view(kRed, parse_legal_deployment(kAttack), {});
  const std::vector<int> free_slots = {0, 1, 2, 3, 25};
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    if (!is_camp_slot(slot) && std::find(free_slots.begin(), free_slots.end(), slot) == free_slots.end())
      view.apply(Token::of_reveal(make_piece(kBlue, blue[slot]), deployment_square(kBlue, slot)));
  const search::Belief belief(view);

  DeploymentCounts counts;
  for (int i = 0; i < 3; ++i)
    for (const char* d : {kAttack, kFortress, kSampleDeployment.data()})
      counts.add(parse_legal_deployment(d));
  counts.add(parse_legal_deployment(kRightFlag));
  const DeploymentPrior prior = search::learn_prior(counts, 1.0);

  std::vector<PieceType> types;
  for (int slot : free_slots) types.push_back(blue[slot]);
  std::sort(types.begin(), types.end());
  std::map<std::vector<PieceType>, double> exact;  // types at free_slots, in order
  double total = 0, flag_left = 0;
  do {
    double w = 1;
    for (size_t i = 0; i < free_slots.size(); ++i) {
      const int slot = free_slots[i];
      if (types[i] == kFlag && slot != 1 && slot != 3) w = 0;
      if (types[i] == kMine && slot >= 10) w = 0;
      w *= prior.weight[slot][types[i]];
    }
    if (w == 0) continue;
    exact[types] += w;
    total += w;
    if (types[1] == kFlag) flag_left += w;
  } while (std::next_permutation(types.begin(), types.end()));
  ASSERT_EQ(exact.size(), 2u * 3 * 3 * 2);  // flag: 2 HQs; mine: 3 of the 4 back-rank slots left; then 3!
  EXPECT_GT(flag_left / total, 0.7);        // the prior moves the flag where this Blue has none

  const search::Sampler sampler(belief, prior);
  ASSERT_TRUE(sampler.consistent());
  std::map<int, size_t> id_of_slot;  // Belief numbers pieces in slot order, camps skipped
  for (int slot = 0, id = 0; slot < kDeploymentSlots; ++slot)
    if (!is_camp_slot(slot)) id_of_slot[slot] = size_t(id++);
  Rng rng(11);
  const int n = 100000;
  std::map<std::vector<PieceType>, int> seen;
  int seen_flag_left = 0;
  std::array<PieceType, search::Sampler::kPieces> sample;
  for (int i = 0; i < n; ++i) {
    sampler.sample(rng, sample);
    std::vector<PieceType> at_free;
    for (int slot : free_slots) at_free.push_back(sample[id_of_slot[slot]]);
    ++seen[at_free];
    seen_flag_left += at_free[1] == kFlag;
  }
  for (const auto& [a, weight] : exact) {
    const double q = weight / total, sigma = std::sqrt(n * q * (1 - q));
    EXPECT_NEAR(seen[a], q * n, 5 * sigma + 1);
  }
  for (const auto& [a, count] : seen) EXPECT_TRUE(exact.count(a)) << "sampled an impossible assignment";
  const double q = flag_left / total;
  EXPECT_NEAR(seen_flag_left, q * n, 5 * std::sqrt(n * q * (1 - q)));
}

}  // namespace
