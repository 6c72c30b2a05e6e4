package figure

import (
	"bytes"
	"image/color"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
)

// Geometry of every plot the program draws (experiments' figures and
// train's ladder.png): sized for a slide (16:10 at 24 cm, fonts readable
// from the back of a room), PNGs at 150 dots per inch (1417×886 pixels).
const (
	Width  = 24 * vg.Centimeter
	Height = 15 * vg.Centimeter
	DPI    = 150
)

// The colours of the figures: outcomes by colour (Red, Draw, Black), the
// intervals (Interval) and the series of line plots, arms and variants in
// turn (Series).
var (
	Red      = color.RGBA{R: 200, G: 40, B: 40, A: 255}
	Draw     = color.RGBA{R: 140, G: 140, B: 140, A: 255}
	Black    = color.RGBA{R: 40, G: 40, B: 40, A: 255}
	Interval = color.RGBA{R: 0, G: 90, B: 200, A: 255}
	Series   = []color.Color{
		color.RGBA{R: 31, G: 119, B: 180, A: 255},
		color.RGBA{R: 255, G: 127, B: 14, A: 255},
		color.RGBA{R: 44, G: 160, B: 44, A: 255},
		color.RGBA{R: 214, G: 39, B: 40, A: 255},
		color.RGBA{R: 148, G: 103, B: 189, A: 255},
		color.RGBA{R: 140, G: 86, B: 75, A: 255},
	}
)

// NewPlot returns a plot with slide-sized fonts, the legend at the top and
// a grid: the style of every plot the program draws.
func NewPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(15)
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(13)
		a.Tick.Label.Font.Size = vg.Points(11)
	}
	p.Legend.TextStyle.Font.Size = vg.Points(11)
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p
}

// Figure is one plot file: a drawing of one or more panels, named by its
// PNG file.
type Figure struct {
	Name string
	Draw func(dc draw.Canvas)
}

// Single is the figure of one plot.
func Single(name string, p *plot.Plot) Figure {
	return Figure{Name: name, Draw: p.Draw}
}

// Panels draws plots side by side (cols > 1) or stacked, row by row.
func Panels(name string, rows, cols int, ps ...*plot.Plot) Figure {
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = ps[i*cols : (i+1)*cols]
	}
	return Figure{Name: name, Draw: func(dc draw.Canvas) {
		t := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
			PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
		cs := plot.Align(grid, t, dc)
		for i := range grid {
			for j, p := range grid[i] {
				p.Draw(cs[i][j])
			}
		}
	}}
}

// Write renders f into dir as PNG and SVG beside each other (the SVG the
// PNG's name with .svg), each file complete or not at all.
func Write(dir string, f Figure) error {
	img := vgimg.NewWith(vgimg.UseWH(Width, Height), vgimg.UseDPI(DPI))
	svg := vgsvg.New(Width, Height)
	base := strings.TrimSuffix(f.Name, ".png")
	for _, out := range []struct {
		path string
		c    vg.CanvasWriterTo
	}{{filepath.Join(dir, base+".png"), vgimg.PngCanvas{Canvas: img}}, {filepath.Join(dir, base+".svg"), svg}} {
		f.Draw(draw.New(out.c))
		var buf bytes.Buffer
		if _, err := out.c.WriteTo(&buf); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(out.path, buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}
