#include "runner/tournament/tournament_config.h"

#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/toml_file.h"
#include "runner/players/contest_player.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

using engine::Error;
namespace fs = std::filesystem;

// A path as given if it exists, else next to the tournament file, else as given (so the
// error names what the user wrote).
std::string beside(const std::string& file, const std::string& path) {
  if (engine::path_exists(path) || fs::path(path).is_absolute()) return path;
  const fs::path near = fs::path(file).parent_path() / path;
  return engine::path_exists(near.string()) ? near.string() : path;
}

std::string scalar_text(const toml::node& node, const std::string& where) {
  if (auto s = node.as_string()) return s->get();
  if (auto i = node.as_integer()) return std::to_string(i->get());
  if (auto b = node.as_boolean()) return b->get() ? "true" : "false";
  throw Error(cat({where, ": expected a string, integer or boolean"}));
}

int64_t integer(const toml::node& node, const std::string& where, int64_t min) {
  const auto i = node.as_integer();
  if (!i || i->get() < min) throw Error(cat({where, ": expected an integer >= ", std::to_string(min)}));
  return i->get();
}

std::string string(const toml::node& node, const std::string& where) {
  const auto s = node.as_string();
  if (!s) throw Error(cat({where, ": expected a string"}));
  return s->get();
}

TournamentPlayer read_player(const std::string& path, const toml::node& node) {
  const std::string at = engine::toml_where(path, node);
  const auto table = node.as_table();
  if (!table) throw Error(cat({at, "players: each player is a table {name, spec, tc}"}));
  TournamentPlayer p;
  for (const auto& [key, value] : *table) {
    const std::string where = cat({engine::toml_where(path, value), "players.", key.str()});
    if (key.str() == "name") p.name = string(value, where);
    else if (key.str() == "spec") p.spec = string(value, where);
    else if (key.str() == "partner") p.partner = string(value, where);
    else if (key.str() == "tc") {
      try {
        p.tc = parse_time_control(string(value, where));
      } catch (const Error& e) {
        throw Error(cat({where, ": ", e.what()}));
      }
    } else throw Error(cat({where, ": unknown key (a player takes name, spec, partner, tc)"}));
  }
  if (p.spec.empty()) throw Error(cat({at, "players: a player needs spec (bot name, config path or jqp:...)"}));
  if (p.name.empty()) p.name = p.spec;
  return p;
}

}  // namespace

std::vector<engine::Deployment> read_book(const std::string& spec) {
  // A path as given, else a shipped book by name (configs/books/NAME.txt).
  std::string path = spec;
  if (!engine::path_exists(path))
    if (const auto dir = engine::find_config_dir("books"); dir && engine::path_exists((fs::path(*dir) / (spec + ".txt")).string()))
      path = (fs::path(*dir) / (spec + ".txt")).string();
  std::ifstream in(path);
  if (!in) throw Error(cat({"cannot read deployment book '", path, "' (neither a file nor a shipped book: configs/books/NAME.txt)"}));
  std::vector<engine::Deployment> book;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    line = trimmed(line);
    if (line.empty() || line[0] == '#') continue;
    try {
      book.push_back(engine::parse_legal_deployment(line));
    } catch (const Error& e) {
      throw Error(cat({path, ":", std::to_string(n), ": ", e.what()}));
    }
  }
  if (book.empty()) throw Error(cat({path, ": the deployment book holds no deployment"}));
  return book;
}

int pairs_of_games(int64_t games, const std::string& what) {
  if (games < 2 || games % 2 != 0 || games / 2 > std::numeric_limits<int>::max())
    throw Error(cat({what, ": ", std::to_string(games),
                     " games: must be an even number of at least 2 (each pair plays the same deployments with "
                     "sides swapped)"}));
  return int(games / 2);
}

std::string format_name(TournamentFormat format) {
  return format == TournamentFormat::kGauntlet ? "gauntlet" : "round-robin";
}

TournamentConfig load_tournament_config(const std::string& path) {
  const toml::table table = engine::read_toml(path);
  TournamentConfig c;
  c.source = path;
  std::vector<std::string> rule_assignments;
  std::string rule_where;
  for (const auto& [key, node] : table) {
    const std::string k(key.str());
    const std::string where = cat({engine::toml_where(path, node), k});
    try {
      if (k == "players") {
        const auto array = node.as_array();
        if (!array) throw Error(cat({where, ": expected an array of tables ([[players]])"}));
        for (const toml::node& p : *array) c.players.push_back(read_player(path, p));
      } else if (k == "format") {
        const std::string f = string(node, where);
        if (f == "round-robin") c.format = TournamentFormat::kRoundRobin;
        else if (f == "gauntlet") c.format = TournamentFormat::kGauntlet;
        else throw Error(cat({where, ": expected \"round-robin\" or \"gauntlet\", not \"", f, "\""}));
      } else if (k == "rounds") c.rounds = int(integer(node, where, 1));
      else if (k == "pairs") c.pairs = int(integer(node, where, 1));
      else if (k == "games") {
        if (table.contains("pairs")) throw Error(cat({where, ": give pairs or games, not both"}));
        c.pairs = pairs_of_games(integer(node, where, 2), where);
      }
      else if (k == "seed") c.seed = uint64_t(integer(node, where, 0));
      else if (k == "concurrency") c.concurrency = int(integer(node, where, 0));
      else if (k == "out") c.out = string(node, where);
      else if (k == "log") c.log = string(node, where);
      else if (k == "startup_ms") c.startup_ms = integer(node, where, 1);
      else if (k == "margin_ms") c.margin_ms = integer(node, where, 0);
      else if (k == "contest_keep_dirs") {
        const auto b = node.as_boolean();
        if (!b) throw Error(cat({where, ": expected true or false"}));
        c.contest_keep_dirs = b->get();
      } else if (k == "contest_files") {
        const auto array = node.as_array();
        if (!array) throw Error(cat({where, ": expected an array of file names"}));
        for (const toml::node& f : *array) {
          const std::string file = beside(path, string(f, where));
          check_contest_files({file});  // here, so that the error names the line
          c.contest_files.push_back(file);
        }
      }
      else if (k == "tc") c.time_control = parse_time_control(string(node, where));
      else if (k == "sprt") c.sprt = stats::parse_sprt(string(node, where));
      else if (k == "book") c.book = read_book(beside(path, string(node, where)));
      else if (k == "rules") {
        const std::string name = string(node, where);
        std::string file = beside(path, name);
        if (!engine::path_exists(file))
          if (const auto shipped = engine::find_config("rules", name)) file = *shipped;
        if (!engine::path_exists(file)) throw Error(cat({where, ": no rules file '", name, "'"}));
        c.rules = engine::load_rules_file(file);
      } else if (k == "rule") {
        const auto rules = node.as_table();
        if (!rules) throw Error(cat({where, ": expected a table of rule = value"}));
        for (const auto& [rk, rv] : *rules)
          rule_assignments.push_back(cat({rk.str(), "=", scalar_text(rv, cat({engine::toml_where(path, rv), "rule.", rk.str()}))}));
        rule_where = where;
      } else
        throw Error(cat({where, ": unknown key (players, format, rounds, pairs, games, tc, rules, rule, seed, concurrency, out, "
                         "log, book, sprt, startup_ms, margin_ms, contest_files, contest_keep_dirs)"}));
    } catch (const Error& e) {
      const std::string what = e.what();
      // Errors from helpers that do not know the place get it here.
      if (what.starts_with(path)) throw;
      throw Error(cat({where, ": ", what}));
    }
  }
  // Overrides apply after the rules file, whatever the order in the file.
  for (const auto& a : rule_assignments) {
    try {
      c.rules.set_assignment(a);
    } catch (const Error& e) {
      throw Error(cat({rule_where, ": ", e.what()}));
    }
  }
  try {
    check_tournament_config(c);
  } catch (const Error& e) {
    throw Error(cat({path, ": ", e.what()}));
  }
  return c;
}

void check_tournament_config(const TournamentConfig& c) {
  if (c.players.size() < 2) throw Error("players: a tournament needs at least two players");
  std::set<std::string> names;
  for (const auto& p : c.players)
    if (!names.insert(p.name).second)
      throw Error(cat({"players: two players named '", p.name, "' (give one a different name)"}));
  if (c.sprt && c.players.size() != 2)
    throw Error(cat({"sprt: an SPRT compares two players; this tournament has ", std::to_string(c.players.size()),
                     " (drop sprt, or play two players)"}));
  if (c.rounds < 1 || c.pairs < 1) throw Error("rounds and pairs must be at least 1");
  for (const auto& p : c.players)
    if (!p.partner.empty() && c.rules.kind != engine::GameKind::kFour)
      throw Error(cat({"players: '", p.name, "' has a partner, but only the four-player game (kind four) has teams"}));
  if (c.rules.kind == engine::GameKind::kFour) {
    for (const auto& p : c.players)
      for (const std::string* spec : {&p.spec, &p.partner})
        if (spec->rfind("contest:", 0) == 0)
          throw Error(cat({"players: '", p.name, "' speaks the contest protocol, which has no four-player game"}));
  }
  if (c.rules.kind == engine::GameKind::kFlip) {
    if (!c.book.empty()) throw Error("book: the flip game deals random layouts; a deployment book has no use in it");
    for (const auto& p : c.players)
      if (p.spec.rfind("contest:", 0) == 0)
        throw Error(cat({"players: '", p.name, "' speaks the contest protocol, which has no flips (flip game)"}));
  }
  check_contest_files(c.contest_files);
}

}  // namespace junqi::runner
