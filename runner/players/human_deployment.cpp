// The human's deployment prompt: choose (a listed one by number, random, a string, a
// file), see it drawn, swap pieces, save it under a name, and confirm with `ok`.
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>

#include "engine/deployment.h"
#include "engine/error.h"
#include "runner/game/text.h"
#include "runner/players/human_player.h"
#include "runner/ui/deployment_editor.h"
#include "runner/ui/deployment_files.h"
#include "runner/ui/board_text.h"

namespace junqi::runner {
namespace {

using namespace junqi::engine;

// Shipped deployments first, then the person's saved ones: the menu's numbering.
std::vector<NamedDeployment> listed_deployments() {
  std::vector<NamedDeployment> list = shipped_deployments();
  for (NamedDeployment& d : saved_deployments()) list.push_back(std::move(d));
  return list;
}

constexpr std::string_view kEditHelp =
    "Type ok to play it, swap two pieces by their squares (swap a1 b2), save it under a name (save NAME), "
    "or choose another.\n";

}  // namespace

void HumanPlayer::show_deployment_menu() {
  out_ << "Choose your deployment (your half from your back rank forward, camps as +):\n";
  if (side_ == kBlue)
    out_ << "(descriptions name Red's squares: as Blue, turn them half a turn, b1 is d12)\n";
  const auto listed = listed_deployments();
  const std::size_t shipped = shipped_deployments().size();
  for (std::size_t i = 0; i < listed.size(); ++i)
    out_ << "  " << i + 1 << "  " << std::left << std::setw(12) << listed[i].name << listed[i].text << "  "
         << (i < shipped ? listed[i].description : "(saved)") << "\n";
  out_ << "  random         a random legal deployment\n"
       << "or type a deployment string, e.g. " << kSampleDeployment << "\n"
       << "Letters:";
  for (int t = 0; t < kPieceTypes; ++t) out_ << " " << type_char(PieceType(t)) << " " << chinese_name(PieceType(t));
  out_ << "; + a camp\n";
}

Answer<std::string> HumanPlayer::deploy(Deadline deadline) {
  if (!options_.deployment.empty()) {
    try {
      const std::string d = resolve_deployment(options_.deployment, side_, rng_);
      out_ << "Your deployment: " << d << "\n";
      return answer(d);
    } catch (const Error& e) {
      out_ << "Deployment '" << options_.deployment << "' is not usable: " << e.what() << "\n";
    }
  }
  show_deployment_menu();
  std::optional<Deployment> shown;  // drawn, waiting for `ok`
  auto show = [&] {
    out_ << draw_deployment(*shown, side_, options_.style) << "Your deployment: " << deployment_string(*shown) << "\n"
         << kEditHelp;
  };
  while (true) {
    const auto line = read_line("deployment> ");
    if (!line || lowercase(*line) == "resign") {
      // The referee needs a legal deployment before anyone can resign: the first move resigns.
      out_ << (line ? "You resign.\n" : "\nEnd of input: you resign.\n");
      resign_pending_ = true;
      return answer(deployment_string(random_deployment(rng_)));
    }
    if (SteadyClock::now() > deadline) return failure<std::string>(Fault::kTime, "no deployment before the deadline");
    std::istringstream words(*line);
    std::string word, a, b;
    words >> word >> a >> b;
    word = lowercase(word);
    if (word == "help" || word == "list") {
      show_deployment_menu();
      if (shown) out_ << kEditHelp;
      continue;
    }
    if (shown && (word == "ok" || word == "yes" || word == "y")) return answer(deployment_string(*shown));
    if (shown && word == "swap") {
      if (const auto why = swap_pieces(*shown, side_, lowercase(a), lowercase(b)))
        out_ << "Cannot swap: " << *why << ".\n";
      else
        show();
      continue;
    }
    if (shown && word == "save") {
      try {
        const std::string path = save_deployment(a, deployment_string(*shown));
        out_ << "Saved as " << a << " (" << path << "): choose it by name or number in later games.\n";
      } catch (const Error& e) {
        out_ << "Not saved: " << e.what() << ".\n";
      }
      continue;
    }
    if (!shown && (word == "ok" || word == "swap" || word == "save")) {
      out_ << "Choose a deployment first.\n";
      continue;
    }
    std::string spec = *line;
    if (spec.find_first_not_of("0123456789") == std::string::npos) {
      const auto listed = listed_deployments();
      const std::size_t k = std::stoul(spec.substr(0, 6));
      if (k < 1 || k > listed.size()) {
        out_ << "There is no deployment " << spec << " in the list.\n";
        continue;
      }
      spec = listed[k - 1].text;
    }
    try {
      shown = parse_deployment(resolve_deployment(spec, side_, rng_));
      show();
    } catch (const Error& e) {
      out_ << "Illegal deployment: " << e.what() << ". Try again.\n";
    }
  }
}

}  // namespace junqi::runner
