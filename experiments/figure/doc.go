// Package figure is the house style of every plot the program draws, the
// experiments' report figures and train's ladder.png alike: the slide-sized
// geometry (Width × Height at DPI), the colours, a styled plot (NewPlot),
// figures of one or more panels written as PNG and SVG (Figure, Write), and
// the marks the figures share: ticks every nice step (StepTicks), bars in
// data units, vertical intervals, a labelled reference line and forest
// plots of estimates with their intervals.
//
// Files: figure.go the geometry, colours, plots and figure files;
// marks.go ticks, bars, interval bars and reference lines; forest.go the
// forest plot.
package figure
