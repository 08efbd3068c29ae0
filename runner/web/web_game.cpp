#include "runner/web/web_game.h"

#include <algorithm>
#include <cmath>

#include "engine/error.h"
#include "engine/notation.h"
#include "runner/web/api_error.h"
#include "runner/web/seen_view.h"
#include "search/belief.h"
#include "search/deployment_prior.h"
#include "search/marginals.h"
#include "search/sampler.h"

namespace junqi::runner::web {
namespace {

using namespace junqi::engine;
using nlohmann::json;

std::string colour_name(Color c) { return c == kRed ? "red" : "blue"; }
std::string char_text(char c) { return std::string(1, c); }

// A bot's move for a view of either kind.
Move choose(search::Bot& bot, const View& view, const search::Limits& limits) { return bot.choose_move(view, limits); }
Move choose(search::Bot& bot, const FlipView& view, const search::Limits& limits) {
  return bot.choose_flip_action(view, limits);
}

}  // namespace

WebGame::WebGame(std::string id, GameOptions options, SearchPool& pool)
    : id_(std::move(id)), options_(std::move(options)), pool_(pool), start_time_(utc_timestamp()) {
  if (options_.rules.kind == GameKind::kFour)
    throw Error("the four-player game is hosted as a FourWebGame, not a WebGame");
  if (options_.clock) {
    if (options_.clock->kind != TimeControl::Kind::kClock) throw Error("the game's clock must be clock=MS+INC");
    for (Color seat : {kRed, kBlue}) clocks_[seat].emplace(*options_.clock);
  }
  bot_ = search::make_bot(options_.bot);
  hint_bot_ = search::make_bot(options_.bot);
  if (flip() && !bot_->plays_flip()) throw Error("bot '" + options_.bot.name + "' does not play the flip game");
  bot_->new_game(bot_side(), options_.rules, options_.seed * 2);
  hint_bot_->new_game(options_.person, options_.rules, options_.seed * 2 + 1);
  if (flip()) {
    Rng rng(options_.seed);
    layout_ = random_flip_layout(rng, options_.rules);
    rebuild(0);
    return;
  }
  if (const auto e = deployment_error(options_.deployment, options_.person)) throw Error("your deployment: " + *e);
  const Deployment bot_deployment = options_.bot_deployment ? *options_.bot_deployment : bot_->deploy();
  if (const auto e = deployment_error(bot_deployment, bot_side())) throw Error("the bot's deployment: " + *e);
  deployments_[options_.person] = options_.deployment;
  deployments_[bot_side()] = bot_deployment;
  rebuild(0);
}

void WebGame::start() {
  std::lock_guard lock(mutex_);
  turn_started_ms_ = now_ms();
  queue_bot_move();
}

void WebGame::rebuild(std::size_t plies) {
  std::vector<MoveRecord> moves = std::move(moves_);
  moves.resize(std::min(plies, moves.size()));
  moves_.clear();
  seen_.clear();
  if (flip()) play_.emplace(FlipPlay(FlipGame(layout_)));
  else play_.emplace(DarkPlay(Game(options_.rules, deployments_)));
  // Played again one by one, not through GameInProgress's replay: the person's
  // SeenPly of each is rebuilt too.
  for (const MoveRecord& m : moves) apply(m.move, m.ms);
}

GameStatus WebGame::status() const {
  return std::visit([](const auto& p) { return p.game().status(); }, *play_);
}

int WebGame::to_move() const {
  return std::visit([](const auto& p) { return p.game().current_player(); }, *play_);
}

bool WebGame::is_legal(Move m) const {
  return std::visit([m](const auto& p) { return p.game().is_legal(m); }, *play_);
}

Color WebGame::colour_of(Color seat) const {
  return std::visit([seat](const auto& p) { return seen_colour(p.view(seat)); }, *play_);
}

void WebGame::apply(Move m, int64_t ms) {
  const Color mover = Color(to_move());
  SeenPly ply;
  ply.by_person = mover == options_.person;
  const Step step = std::visit(
      [&](auto& p) {
        ply.mover = seen_piece(p.view(options_.person), from_sq(m));
        ply.target = is_flip(m) ? kNoPiece : seen_piece(p.view(options_.person), to_sq(m));
        return p.apply(m);
      },
      *play_);
  for (const Token& t : step.seen[options_.person]) {
    if (!ply.text.empty()) ply.text += ' ';
    ply.text += token_string(t);
  }
  moves_.push_back({step.move, step.outcome, step.attacker, step.defender, ms, step.turned_up});
  seen_.push_back(ply);
  hint_.clear();
}

void WebGame::queue_bot_move() {
  if (over() || to_move() != bot_side() || bot_thinking_) return;
  queue_search(pool_, shared_from_this(), &WebGame::bot_move, bot_thinking_, bot_stop_, closing_,
               "try the move again");
}

WebGame::Search WebGame::search_for(Color seat) const {
  return std::visit(
      [seat](const auto& p) -> Search {
        return [view = p.view(seat)](search::Bot& bot, const search::Limits& limits) {
          return run_search(bot, [&](search::Bot& b) { return choose(b, view, limits); });
        };
      },
      *play_);
}

void WebGame::bot_move() {
  std::unique_lock lock(mutex_);
  const uint64_t generation = generation_;
  const Search search = search_for(bot_side());
  const bool answering_offer = draw_offer_ == "pending";
  // With a clock the bot plans its move from what its clock has left (search/time_manager.h),
  // its level's iteration budget still the most it searches: a clock makes no level stronger.
  search::Limits limits;
  if (clocks_[bot_side()]) {
    limits = clocks_[bot_side()]->limits();
    if (const auto it = options_.bot.params.find("iterations"); it != options_.bot.params.end())
      limits.iterations = std::stoll(it->second);
  }
  limits.stop = &bot_stop_;
  lock.unlock();

  const SearchRun run = search(*bot_, limits);
  const Move m = run.move;

  lock.lock();
  bot_thinking_ = false;
  expire_clock();
  if (generation != generation_ || over()) return;
  bot_info_ = run.info.text;
  bot_iterations_ = run.info.iterations;
  if (answering_offer) {
    if (run.failure.empty() && run.info.winrate >= 0 && run.info.winrate <= 0.5) {
      draw_offer_ = "accepted";
      ended_ = Ending{Result::kDraw, "agreement"};
      ++generation_;
      return;
    }
    draw_offer_ = "declined";
  }
  if (!run.failure.empty() || m == kNullMove || !is_legal(m)) {
    ended_ = Ending{win_for(colour_of(options_.person)), run.failure.empty() && m == kNullMove ? "resign" : "illegal-move"};
    ++generation_;
    return;
  }
  if (clocks_[bot_side()]) clocks_[bot_side()]->spend(now_ms() - turn_started_ms_);
  apply(m, run.ms);
  turn_started_ms_ = now_ms();
}

void WebGame::expire_clock() {
  if (!clocks_[kRed] || over()) return;
  const Color seat = Color(to_move());
  const int64_t used = now_ms() - turn_started_ms_;
  if (used <= clocks_[seat]->allowed_ms(0) + kClockMarginMs) return;
  ended_ = Ending{win_for(colour_of(~seat)), "time"};
  ++generation_;
  bot_stop_ = hint_stop_ = true;
}

int64_t WebGame::clock_now(Color seat) const {
  const int64_t left = clocks_[seat]->left_ms();
  if (to_move() != seat) return left;
  if (ended_ && ended_->reason == "time") return 0;  // the side to move ran out
  if (over()) return left;
  return std::max<int64_t>(0, left - (now_ms() - turn_started_ms_));
}

void WebGame::play(const std::string& move_text) {
  std::lock_guard lock(mutex_);
  expire_clock();
  if (over()) throw ApiError(409, "the game is over");
  if (to_move() != options_.person) throw ApiError(409, "it is the bot's turn");
  Move m;
  try {
    m = parse_move(move_text);
  } catch (const Error& e) {
    throw ApiError(400, e.what());
  }
  if (!is_legal(m)) throw ApiError(400, move_text + " is not a legal move");
  const int64_t used = now_ms() - turn_started_ms_;
  const std::optional<GameClock> clock_before = clocks_[options_.person];
  if (clocks_[options_.person]) clocks_[options_.person]->spend(used);
  apply(m, used);
  const int64_t started_before = turn_started_ms_;
  turn_started_ms_ = now_ms();
  try {
    queue_bot_move();
  } catch (const ApiError&) {
    // No search to answer it: the move is not played, and the person's clock runs on.
    rebuild(seen_.size() - 1);
    clocks_[options_.person] = clock_before;
    turn_started_ms_ = started_before;
    throw;
  }
}

void WebGame::undo() {
  std::lock_guard lock(mutex_);
  if (bot_thinking_ || hint_thinking_) throw ApiError(409, "a search is running: undo once it has answered");
  if (ended_) throw ApiError(409, "the game ended by " + ended_->reason + ": it cannot be taken back");
  std::size_t last = seen_.size();
  while (last > 0 && !seen_[last - 1].by_person) --last;
  if (last == 0) throw ApiError(409, "you have made no move to take back");
  rebuild(last - 1);
  ++generation_;
  draw_offer_ = "none";
  reset_bots();
  // The person's clock runs on through a takeback: no time is given back.
}

void WebGame::reset_bots() {
  // Bots that keep their tree between moves must not reuse one from the taken-back line.
  ++bot_resets_;
  bot_->new_game(bot_side(), options_.rules, options_.seed * 2 + 2 * bot_resets_);
  hint_bot_->new_game(options_.person, options_.rules, options_.seed * 2 + 2 * bot_resets_ + 1);
}

void WebGame::resign() {
  std::lock_guard lock(mutex_);
  expire_clock();
  if (over()) throw ApiError(409, "the game is over");
  ended_ = Ending{win_for(colour_of(bot_side())), "resign"};
  ++generation_;
  bot_stop_ = hint_stop_ = true;
}

void WebGame::offer_draw() {
  std::lock_guard lock(mutex_);
  expire_clock();
  if (over()) throw ApiError(409, "the game is over");
  if (draw_offer_ == "pending") throw ApiError(409, "your draw offer is already on the table");
  draw_offer_ = "pending";
}

void WebGame::request_hint() {
  std::lock_guard lock(mutex_);
  expire_clock();
  if (over()) throw ApiError(409, "the game is over");
  if (to_move() != options_.person) throw ApiError(409, "a hint is for your own turn");
  if (hint_thinking_ || !hint_.empty()) return;
  queue_search(pool_, shared_from_this(), &WebGame::hint_search, hint_thinking_, hint_stop_, closing_,
               "ask again later");
}

void WebGame::hint_search() {
  std::unique_lock lock(mutex_);
  const uint64_t generation = generation_;
  const std::size_t ply = seen_.size();
  const Search search = search_for(options_.person);
  lock.unlock();
  // A search that fails gives no hint rather than a wrong one. It searches the bot's own
  // budget, whatever the clock.
  search::Limits limits;
  limits.stop = &hint_stop_;
  const SearchRun run = search(*hint_bot_, limits);
  lock.lock();
  hint_thinking_ = false;
  if (generation == generation_ && ply == seen_.size() && run.failure.empty() && run.move != kNullMove)
    hint_ = move_string(run.move);
}

void WebGame::stop_searches() {
  std::lock_guard lock(mutex_);
  closing_ = bot_stop_ = hint_stop_ = true;
}

json WebGame::state() {
  std::lock_guard lock(mutex_);
  expire_clock();
  const Color person = colour_of(options_.person);
  const Color to_move_colour = colour_of(Color(to_move()));
  json s;
  s["id"] = id_;
  s["kind"] = std::string(kind_name(options_.rules.kind));
  s["rules"] = json::object();
  for (const auto& [key, value] : options_.rules.entries()) s["rules"][key] = value;
  s["person"] = colour_name(person);
  if (flip()) {
    s["seat"] = options_.person == kRed ? "first" : "second";
    s["colours_assigned"] = std::get<FlipPlay>(*play_).view(options_.person).fields().colours_assigned;
  }
  s["bot"] = options_.bot.name;
  s["deployment"] = flip() ? json(nullptr) : json(deployment_string(options_.deployment));
  s["ply"] = seen_.size();
  s["to_move"] = colour_name(to_move_colour);
  s["thinking"] = bot_thinking_;
  s["hint_pending"] = hint_thinking_;
  s["hint"] = hint_.empty() ? json(nullptr) : json(hint_);
  s["draw_offer"] = draw_offer_;
  s["bot_info"] = bot_info_;
  s["bot_iterations"] = bot_iterations_;
  s["clock"] = nullptr;
  if (clocks_[kRed]) {
    const bool running = !over();
    s["clock"] = {{"time_control", options_.clock->text()},
                  {"you", clock_now(options_.person)},
                  {"bot", clock_now(bot_side())},
                  {"running", !running ? json(nullptr) : json(to_move() == options_.person ? "you" : "bot")}};
  }
  const bool is_over = over();
  s["over"] = is_over;
  s["your_turn"] = !is_over && to_move() == options_.person;
  if (is_over) {
    const GameStatus game_status = status();
    const Result result = ended_ ? ended_->result : game_status.result;
    s["result"] = std::string(result_name(result));
    s["reason"] = ended_ ? ended_->reason : std::string(reason_name(game_status.reason));
    s["winner"] = result == Result::kDraw ? "draw" : result == win_for(person) ? "you" : "bot";
  }
  std::visit(
      [&](const auto& p) {
        const auto& view = p.view(options_.person);
        s["board"] = seen_board(view);
        s["legal"] = s["your_turn"].get<bool>() ? seen_legal(view) : json::array();
        s["lost"] = seen_lost(view);
      },
      *play_);
  json moves = json::array();
  for (const SeenPly& p : seen_)
    moves.push_back({{"text", p.text},
                     {"by", p.by_person ? "you" : "bot"},
                     {"mover", char_text(piece_char(p.mover))},
                     {"target", char_text(piece_char(p.target))}});
  s["moves"] = moves;
  s["can_undo"] = !ended_ && !bot_thinking_ && !hint_thinking_ &&
                  std::any_of(seen_.begin(), seen_.end(), [](const SeenPly& p) { return p.by_person; });
  return s;
}

json WebGame::belief(int samples) const {
  std::unique_lock lock(mutex_);
  if (options_.rules.kind != GameKind::kDark)
    throw ApiError(409, std::string("the belief is the dark game's: no belief to show in the ") +
                            std::string(kind_name(options_.rules.kind)) + " game");
  const View view = std::get<DarkPlay>(*play_).view(options_.person);
  const uint64_t seed = options_.seed + seen_.size();
  lock.unlock();
  const search::Belief belief(view);
  const search::Sampler sampler(belief, search::DeploymentPrior::uniform());
  if (!sampler.consistent()) throw ApiError(500, "the view admits no enemy deployment");
  Rng rng(seed);
  const search::Marginals marginals = search::estimate_marginals(sampler, rng, samples);
  json pieces = json::array();
  for (int id = 0; id < search::Belief::kPieces; ++id) {
    const search::TrackedPiece& piece = belief.pieces()[id];
    if (piece.square == kNoSquare) continue;
    json types = json::object();
    for (int t = 0; t < kPieceTypes; ++t)
      if (piece.possible & search::type_bit(PieceType(t)))
        types[char_text(type_char(PieceType(t)))] = std::round(marginals[id][t] * 1000) / 1000;
    pieces.push_back({{"square", square_name(piece.square)}, {"types", types}});
  }
  return {{"samples", samples}, {"pieces", pieces}};
}

GameRecord WebGame::record() {
  std::lock_guard lock(mutex_);
  expire_clock();
  if (!over()) throw ApiError(409, "the record holds the bot's deployment: it is given once the game is over");
  GameRecord r;
  r.id = id_;
  r.seed = options_.seed;
  r.start_time = start_time_;
  r.rules = options_.rules;
  // Players are named by colour (the flip game's seats by the colours they were given).
  const Color person = colour_of(options_.person);
  (person == kRed ? r.red : r.blue) = "you";
  (person == kRed ? r.blue : r.red) = options_.bot.name;
  (person == kRed ? r.blue_settings : r.red_settings) = options_.bot.params;
  r.time_control = options_.clock ? options_.clock->text() : "bot's own budget";
  if (flip()) {
    r.layout = to_jfen(layout_);
    r.first_colour = colour_of(kRed);
  } else {
    r.red_deployment = deployment_string(deployments_[kRed]);
    r.blue_deployment = deployment_string(deployments_[kBlue]);
  }
  r.moves = moves_;
  const GameStatus game_status = status();
  r.result = std::string(result_name(ended_ ? ended_->result : game_status.result));
  r.reason = ended_ ? ended_->reason : std::string(reason_name(game_status.reason));
  return r;
}

}  // namespace junqi::runner::web
