#include "runner/web/catalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/four/board.h"
#include "engine/four/notation.h"
#include "engine/geometry.h"
#include "engine/notation.h"
#include "engine/rules.h"
#include "runner/game/four_bot_of.h"
#include "search/bot.h"
#include "search/bot_config.h"

namespace junqi::runner::web {

namespace fs = std::filesystem;
using namespace junqi::engine;
using nlohmann::json;

json geometry_json() {
  const auto& t = Board::kT;
  json squares = json::array(), links = json::array();
  for (int s = 0; s < Board::kSquares; ++s) {
    const auto bb = square_bb(Square(s));
    squares.push_back({{"name", square_name(Square(s))},
                       {"file", Board::file_of(Square(s))},
                       {"rank", Board::rank_of(Square(s))},
                       {"camp", (t.camps & bb) != 0},
                       {"headquarters", (t.headquarters & bb) != 0},
                       {"railway", (t.railway & bb) != 0}});
    for (int n = s + 1; n < Board::kSquares; ++n)
      if (t.links[s] & square_bb(Square(n)))
        links.push_back({{"from", square_name(Square(s))},
                         {"to", square_name(Square(n))},
                         {"rail", (t.rail_links[s] & square_bb(Square(n))) != 0}});
  }
  return {{"files", Board::kFiles}, {"ranks", Board::kRanks}, {"squares", squares}, {"links", links}};
}

json four_geometry_json() {
  namespace four = junqi::engine::four;
  using B = four::Board;
  const auto& t = B::kT;
  json squares = json::array(), links = json::array();
  for (int s = 0; s < B::kSquares; ++s) {
    const Square sq = Square(s);
    const auto bb = four::Bitboard::of(sq);
    const auto point = four::board_detail::point(sq);
    squares.push_back({{"name", four::square_name(sq)},
                       {"seat", B::in_centre(sq) ? std::string("C")
                                                 : std::string(1, four::seat_letter(B::seat_of_square(sq)))},
                       {"file", B::file_of(sq)},
                       {"rank", B::rank_of(sq)},
                       {"x", point.x},
                       {"y", point.y},
                       {"camp", bool(t.camps & bb)},
                       {"headquarters", bool(t.headquarters & bb)},
                       {"railway", bool(t.railway & bb)}});
    for (int n = s + 1; n < B::kSquares; ++n) {
      const auto nb = four::Bitboard::of(Square(n));
      if (t.links[s] & nb)
        links.push_back({{"from", four::square_name(sq)},
                         {"to", four::square_name(Square(n))},
                         {"rail", bool(t.rail_links[s] & nb)},
                         {"arc", four::board_detail::is_arc(sq, Square(n))}});
    }
  }
  return {{"squares", squares}, {"links", links}};
}

json bots_json() {
  json bots = json::array();
  std::vector<fs::path> files;
  if (const auto dir = find_config_dir("bots")) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(*dir, ec))
      if (entry.path().extension() == ".toml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::string preferred;
  for (const fs::path& file : files) {
    std::string kind;
    bool flip = false, four = false;
    try {
      const search::BotConfig config = search::load_bot_config(file.string());
      kind = config.kind;
      flip = search::make_bot(config)->plays_flip();
      four = four_bot_of(config) != nullptr;
    } catch (const Error&) {
      continue;  // a broken config is not offered
    }
    std::ifstream in(file);
    std::string line, description;
    while (std::getline(in, line))
      if (line.starts_with("#")) {
        description = line.substr(line.find_first_not_of("# ") == std::string::npos ? line.size() : line.find_first_not_of("# "));
        break;
      }
    const std::string name = file.stem().string();
    bots.push_back(
        {{"name", name}, {"kind", kind}, {"description", description}, {"flip", flip}, {"four", four}});
    // The page opens on a middle level where one exists, else on the strongest bot.
    if (name == "medium" || (name == "strongest" && preferred != "medium")) preferred = name;
  }
  if (preferred.empty() && !bots.empty()) preferred = bots.front()["name"];
  return {{"bots", bots}, {"default", preferred}};
}

std::vector<GameKind> served_kinds() {
  return {GameKind::kDark, GameKind::kOpen, GameKind::kFlip, GameKind::kFour};
}

json rules_json() {
  json options = json::array();
  for (const auto& [key, value] : Rules{}.entries()) {
    if (key == "kind") continue;  // asked on its own
    const OptionType type = option_type(key);
    options.push_back({{"key", key},
                       {"type", type == OptionType::kBool ? "bool" : type == OptionType::kInt ? "int" : "choice"},
                       {"default", value}});
  }
  json kinds = json::array();
  for (GameKind k : served_kinds()) kinds.push_back(std::string(kind_name(k)));
  return {{"kinds", kinds}, {"options", options}};
}

}  // namespace junqi::runner::web
