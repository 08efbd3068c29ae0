#include "runner/tune/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "runner/game/text.h"

namespace junqi::runner {

namespace {

std::string number(double v) { return significant(v, 4); }

std::string escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

// Distinguishable colours (Tableau 10), reused in turn for more series.
constexpr const char* kColours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int target, bool integer) {
  if (!(hi > lo) || target < 1) return {lo};
  const double raw = (hi - lo) / target;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) {
      step = m * power;
      break;
    }
  if (integer) step = std::max(1.0, std::round(step));
  std::vector<double> ticks;
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + 1e-9 * step; ++k)
    ticks.push_back(k * step == 0 ? 0.0 : k * step);  // 0, never -0
  return ticks;
}

std::string svg_line_chart(const std::string& title, const std::string& x_label, const std::vector<PlotSeries>& series) {
  constexpr double kWidth = 900, kHeight = 500, kLeft = 70, kRight = 180, kTop = 40, kBottom = 50;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  double lo = INFINITY, hi = -INFINITY;
  size_t points = 1;
  for (const PlotSeries& s : series) {
    for (double v : s.y) lo = std::min(lo, v), hi = std::max(hi, v);
    points = std::max(points, s.y.size());
  }
  if (!(lo <= hi)) lo = 0, hi = 1;
  if (hi - lo < 1e-12) lo -= 0.5, hi += 0.5;
  const double pad = 0.05 * (hi - lo);
  lo -= pad, hi += pad;
  const double x_max = double(std::max<size_t>(points - 1, 1));
  auto px = [&](double x) { return kLeft + plot_w * x / x_max; };
  auto py = [&](double y) { return kTop + plot_h * (hi - y) / (hi - lo); };

  std::string svg = cat({"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", number(kWidth), "\" height=\"",
                         number(kHeight), "\" font-family=\"sans-serif\" font-size=\"12\">\n",
                         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"});
  auto text = [&](double x, double y, const char* anchor, const std::string& what) {
    svg += cat({"<text x=\"", number(x), "\" y=\"", number(y), "\" text-anchor=\"", anchor, "\">", escaped(what),
                "</text>\n"});
  };
  auto line = [&](double x1, double y1, double x2, double y2, const char* colour, const char* width) {
    svg += cat({"<line x1=\"", number(x1), "\" y1=\"", number(y1), "\" x2=\"", number(x2), "\" y2=\"", number(y2),
                "\" stroke=\"", colour, "\" stroke-width=\"", width, "\"/>\n"});
  };
  text(kWidth / 2, 22, "middle", title);
  // Grid lines at round values, iterations at whole numbers, a darker zero line; then the
  // axes over them.
  for (const double yv : nice_ticks(lo, hi, 5, false)) {
    line(kLeft, py(yv), kLeft + plot_w, py(yv), yv == 0 ? "#999" : "#eee", "1");
    text(kLeft - 6, py(yv) + 4, "end", number(yv));
  }
  for (const double xv : nice_ticks(0, x_max, 5, true)) text(px(xv), kTop + plot_h + 18, "middle", number(xv));
  line(kLeft, kTop + plot_h, kLeft + plot_w, kTop + plot_h, "#888", "1");
  line(kLeft, kTop, kLeft, kTop + plot_h, "#888", "1");
  text(kLeft + plot_w / 2, kHeight - 10, "middle", x_label);
  for (size_t i = 0; i < series.size(); ++i) {
    const char* colour = kColours[i % std::size(kColours)];
    std::string pts;
    for (size_t x = 0; x < series[i].y.size(); ++x) {
      if (x) pts += ' ';
      pts += cat({number(px(double(x))), ",", number(py(series[i].y[x]))});
    }
    svg += cat({"<polyline fill=\"none\" stroke=\"", colour, "\" stroke-width=\"1.5\" points=\"", pts, "\"/>\n"});
    const double ly = kTop + 10 + 18 * double(i);
    line(kWidth - kRight + 15, ly, kWidth - kRight + 35, ly, colour, "2");
    text(kWidth - kRight + 40, ly + 4, "start", series[i].name);
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace junqi::runner
