#pragma once
// A plain-text drawing of the 2-player board for the command line and bug reports.

#include <string>

#include "engine/notation.h"

namespace junqi::engine {

// Ranks 12..1 top to bottom, piece letters (Red uppercase, Blue lowercase), empty
// squares as '.' on posts, '=' on the railway, '(' ')' around camps and '[' ']' around
// headquarters; the flip game's face-down pieces in '{' '}' (`{T}` a known identity, `{?}`
// an unknown one); then the side to move and the counters.
std::string diagram(const JfenFields& fields);

}  // namespace junqi::engine
