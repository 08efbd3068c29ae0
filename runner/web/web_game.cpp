#include "runner/web/web_game.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/error.h"
#include "engine/notation.h"
#include "runner/web/api_error.h"
#include "runner/web/board_json.h"
#include "search/belief.h"
#include "search/deployment_prior.h"
#include "search/marginals.h"
#include "search/sampler.h"

namespace junqi::runner::web {
namespace {

using namespace junqi::engine;
using nlohmann::json;

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string colour_name(Color c) { return c == kRed ? "red" : "blue"; }
std::string char_text(char c) { return std::string(1, c); }

}  // namespace

WebGame::WebGame(std::string id, GameOptions options, SearchPool& pool)
    : id_(std::move(id)), options_(std::move(options)), pool_(pool), start_time_(utc_timestamp()) {
  if (options_.rules.kind != GameKind::kDark && options_.rules.kind != GameKind::kOpen)
    throw Error("the server plays the dark and open games only");
  if (const auto e = deployment_error(options_.deployment, options_.person)) throw Error("your deployment: " + *e);
  bot_ = search::make_bot(options_.bot);
  hint_bot_ = search::make_bot(options_.bot);
  bot_->new_game(bot_side(), options_.rules, options_.seed * 2);
  hint_bot_->new_game(options_.person, options_.rules, options_.seed * 2 + 1);
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
  const std::vector<MoveRecord> moves = std::move(moves_);
  moves_.clear();
  seen_.clear();
  game_.emplace(options_.rules, deployments_);
  for (Color c : {kRed, kBlue}) views_[c].emplace(game_->initial_view(c));
  for (std::size_t i = 0; i < plies && i < moves.size(); ++i) apply(moves[i].move, moves[i].ms);
}

void WebGame::apply(Move m, int64_t ms) {
  const Color mover = Color(game_->current_player());
  const Position& seen_board = views_[options_.person]->board();
  SeenPly ply;
  ply.by_person = mover == options_.person;
  ply.mover = seen_board.piece_on(from_sq(m));
  ply.target = seen_board.piece_on(to_sq(m));
  const Step step = game_->apply(m);
  for (Color c : {kRed, kBlue})
    for (const Token& t : step.seen[c]) views_[c]->apply(t);
  for (const Token& t : step.seen[options_.person]) {
    if (!ply.text.empty()) ply.text += ' ';
    ply.text += token_string(t);
  }
  moves_.push_back({step.move, step.outcome, step.attacker, step.defender, ms, step.turned_up});
  seen_.push_back(ply);
  hint_.clear();
}

void WebGame::queue_bot_move() {
  if (over() || game_->current_player() != bot_side() || bot_thinking_) return;
  queue_search(bot_thinking_, bot_stop_, &WebGame::bot_move, "try the move again");
}

void WebGame::queue_search(bool& thinking, std::atomic<bool>& stop, void (WebGame::*job)(), const char* retry) {
  thinking = true;
  stop = closing_.load();
  if (!pool_.submit([self = shared_from_this(), job] { ((*self).*job)(); })) {
    thinking = false;
    throw ApiError(503, std::string("the server is busy: too many searches queued, ") + retry);
  }
}

WebGame::SearchRun WebGame::run_search(search::Bot& bot, const View& view, const std::atomic<bool>& stop) {
  search::Limits limits;
  limits.stop = &stop;
  SearchRun run;
  const int64_t start = now_ms();
  try {
    run.move = bot.choose_move(view, limits);
  } catch (const std::exception& e) {
    run.failure = e.what();
  }
  run.info = bot.last_info();
  run.ms = now_ms() - start;
  return run;
}

void WebGame::bot_move() {
  std::unique_lock lock(mutex_);
  const uint64_t generation = generation_;
  const View view = *views_[bot_side()];
  const bool answering_offer = draw_offer_ == "pending";
  lock.unlock();

  const SearchRun run = run_search(*bot_, view, bot_stop_);
  const Move m = run.move;

  lock.lock();
  bot_thinking_ = false;
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
  if (!run.failure.empty() || m == kNullMove || !game_->is_legal(m)) {
    ended_ = Ending{win_for(options_.person), run.failure.empty() && m == kNullMove ? "resign" : "illegal-move"};
    ++generation_;
    return;
  }
  apply(m, run.ms);
  turn_started_ms_ = now_ms();
}

void WebGame::play(const std::string& move_text) {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  if (game_->current_player() != options_.person) throw ApiError(409, "it is the bot's turn");
  Move m;
  try {
    m = parse_move(move_text);
  } catch (const Error& e) {
    throw ApiError(400, e.what());
  }
  if (!game_->is_legal(m)) throw ApiError(400, move_text + " is not a legal move");
  apply(m, now_ms() - turn_started_ms_);
  try {
    queue_bot_move();
  } catch (const ApiError&) {
    rebuild(seen_.size() - 1);  // no search to answer it: the move is not played
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
  turn_started_ms_ = now_ms();
}

void WebGame::reset_bots() {
  // Bots that keep their tree between moves must not reuse one from the taken-back line.
  ++bot_resets_;
  bot_->new_game(bot_side(), options_.rules, options_.seed * 2 + 2 * bot_resets_);
  hint_bot_->new_game(options_.person, options_.rules, options_.seed * 2 + 2 * bot_resets_ + 1);
}

void WebGame::resign() {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  ended_ = Ending{win_for(bot_side()), "resign"};
  ++generation_;
  bot_stop_ = hint_stop_ = true;
}

void WebGame::offer_draw() {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  if (draw_offer_ == "pending") throw ApiError(409, "your draw offer is already on the table");
  draw_offer_ = "pending";
}

void WebGame::request_hint() {
  std::lock_guard lock(mutex_);
  if (over()) throw ApiError(409, "the game is over");
  if (game_->current_player() != options_.person) throw ApiError(409, "a hint is for your own turn");
  if (hint_thinking_ || !hint_.empty()) return;
  queue_search(hint_thinking_, hint_stop_, &WebGame::hint_search, "ask again later");
}

void WebGame::hint_search() {
  std::unique_lock lock(mutex_);
  const uint64_t generation = generation_;
  const std::size_t ply = seen_.size();
  const View view = *views_[options_.person];
  lock.unlock();
  // A search that fails gives no hint rather than a wrong one.
  const SearchRun run = run_search(*hint_bot_, view, hint_stop_);
  lock.lock();
  hint_thinking_ = false;
  if (generation == generation_ && ply == seen_.size() && run.failure.empty() && run.move != kNullMove)
    hint_ = move_string(run.move);
}

void WebGame::stop_searches() {
  std::lock_guard lock(mutex_);
  closing_ = bot_stop_ = hint_stop_ = true;
}

json WebGame::state() const {
  std::lock_guard lock(mutex_);
  const View& view = *views_[options_.person];
  const Color to_move = Color(game_->current_player());
  json s;
  s["id"] = id_;
  s["kind"] = options_.rules.kind == GameKind::kOpen ? "open" : "dark";
  s["rules"] = json::object();
  for (const auto& [key, value] : options_.rules.entries()) s["rules"][key] = value;
  s["person"] = colour_name(options_.person);
  s["bot"] = options_.bot.name;
  s["deployment"] = deployment_string(options_.deployment);
  s["ply"] = seen_.size();
  s["to_move"] = colour_name(to_move);
  s["thinking"] = bot_thinking_;
  s["hint_pending"] = hint_thinking_;
  s["hint"] = hint_.empty() ? json(nullptr) : json(hint_);
  s["draw_offer"] = draw_offer_;
  s["bot_info"] = bot_info_;
  s["bot_iterations"] = bot_iterations_;
  const bool is_over = over();
  s["over"] = is_over;
  s["your_turn"] = !is_over && to_move == options_.person;
  if (is_over) {
    const GameStatus status = game_->status();
    const Result result = ended_ ? ended_->result : status.result;
    s["result"] = std::string(result_name(result));
    s["reason"] = ended_ ? ended_->reason : std::string(reason_name(status.reason));
    s["winner"] = result == Result::kDraw ? "draw" : result == win_for(options_.person) ? "you" : "bot";
  }
  s["board"] = board_json(view.board());
  json legal = json::array();
  if (s["your_turn"].get<bool>()) {
    MoveList list;
    view.legal_moves(list);
    for (Move m : list) legal.push_back(move_string(m));
  }
  s["legal"] = legal;
  json moves = json::array();
  for (const SeenPly& p : seen_)
    moves.push_back({{"text", p.text},
                     {"by", p.by_person ? "you" : "bot"},
                     {"mover", char_text(piece_char(p.mover))},
                     {"target", char_text(piece_char(p.target))}});
  s["moves"] = moves;
  // Lost pieces: ours by type; the enemy's by type only where the View knows every
  // enemy piece standing (the open game), else as unidentified 'X's.
  std::array<int, kNoType> own{}, enemy{};
  for (int sq = 0; sq < Board::kSquares; ++sq)
    if (const Piece p = view.board().piece_on(Square(sq)); p != kNoPiece)
      ++(color_of(p) == options_.person ? own : enemy)[type_of(p)];
  json lost_own = json::array(), lost_enemy = json::array();
  int enemy_standing = 0;
  for (int t = 0; t < kNoType; ++t) enemy_standing += enemy[t];
  for (int t = 0; t < kPieceTypes; ++t)
    for (int n = own[t]; n < kPieceCount[t]; ++n) lost_own.push_back(char_text(type_char(PieceType(t))));
  if (enemy[kUnknownType] == 0) {
    for (int t = 0; t < kPieceTypes; ++t)
      for (int n = enemy[t]; n < kPieceCount[t]; ++n) lost_enemy.push_back(char_text(type_char(PieceType(t))));
  } else {
    for (int n = enemy_standing; n < kPiecesPerSide; ++n) lost_enemy.push_back("X");
  }
  s["lost"] = {{"you", lost_own}, {"bot", lost_enemy}};
  s["can_undo"] = !ended_ && !bot_thinking_ && !hint_thinking_ &&
                  std::any_of(seen_.begin(), seen_.end(), [](const SeenPly& p) { return p.by_person; });
  return s;
}

json WebGame::belief(int samples) const {
  std::unique_lock lock(mutex_);
  if (options_.rules.kind != GameKind::kDark) throw ApiError(409, "the open game shows every piece: no belief to show");
  const View view = *views_[options_.person];
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

GameRecord WebGame::record() const {
  std::lock_guard lock(mutex_);
  if (!over()) throw ApiError(409, "the record holds the bot's deployment: it is given once the game is over");
  GameRecord r;
  r.id = id_;
  r.seed = options_.seed;
  r.start_time = start_time_;
  r.rules = options_.rules;
  (options_.person == kRed ? r.red : r.blue) = "you";
  (options_.person == kRed ? r.blue : r.red) = options_.bot.name;
  (options_.person == kRed ? r.blue_settings : r.red_settings) = options_.bot.params;
  r.time_control = "bot's own budget";
  r.red_deployment = deployment_string(deployments_[kRed]);
  r.blue_deployment = deployment_string(deployments_[kBlue]);
  r.moves = moves_;
  const GameStatus status = game_->status();
  r.result = std::string(result_name(ended_ ? ended_->result : status.result));
  r.reason = ended_ ? ended_->reason : std::string(reason_name(status.reason));
  return r;
}

}  // namespace junqi::runner::web
