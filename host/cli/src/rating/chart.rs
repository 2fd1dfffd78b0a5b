//! The charts of the tool, drawn with `plotters` into a pixel buffer and written as PNG files
//! whole or not at all (`ti_files::disk::write_atomic`): the ratings of a tournament with their
//! 95 % intervals, and the fitness of each generation of `ti68k evolve`.

use std::path::Path;

use plotters::prelude::*;

use super::Ratings;

/// Why a chart could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// Drawing failed (a font missing...).
    #[error("drawing the chart: {0}")]
    Draw(String),
    /// Writing the file failed.
    #[error("writing {path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

fn draw_err<E: std::fmt::Debug>(e: E) -> ChartError {
    ChartError::Draw(format!("{e:?}"))
}

/// Encodes an RGB buffer as a PNG and writes it.
fn write_png(path: &Path, width: u32, height: u32, rgb: &[u8]) -> Result<(), ChartError> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(draw_err)?;
        writer.write_image_data(rgb).map_err(draw_err)?;
    }
    ti_files::disk::write_atomic(path, &bytes).map_err(|source| ChartError::Write {
        path: path.display().to_string(),
        source,
    })
}

/// The ratings as horizontal bars: each player a row (strongest on top), its rating a dot and
/// its 95 % interval a bar; `title` on top.
pub fn ratings_png(path: &Path, ratings: &Ratings, title: &str) -> Result<(), ChartError> {
    let order = ratings.order();
    let n = order.len();
    let (width, height) = (900u32, 120 + 34 * n as u32);
    let mut rgb = vec![0u8; (width * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let low = order
            .iter()
            .map(|&i| ratings.elo[i] - ratings.interval(i))
            .fold(f64::INFINITY, f64::min);
        let high = order
            .iter()
            .map(|&i| ratings.elo[i] + ratings.interval(i))
            .fold(f64::NEG_INFINITY, f64::max);
        let pad = ((high - low) * 0.05).max(10.0);
        let names: Vec<String> = order.iter().map(|&i| ratings.names[i].clone()).collect();
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 22))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(170)
            .build_cartesian_2d(low - pad..high + pad, -0.5f64..n as f64 - 0.5)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .x_desc("Elo (anchor 0), 95 % interval")
            .y_labels(n)
            .y_label_formatter(&|y| {
                let k = y.round();
                if (y - k).abs() < 0.01 && k >= 0.0 && (k as usize) < n {
                    names[n - 1 - k as usize].clone()
                } else {
                    String::new()
                }
            })
            .label_style(("sans-serif", 15))
            .draw()
            .map_err(draw_err)?;
        for (rank, &i) in order.iter().enumerate() {
            let y = (n - 1 - rank) as f64;
            let (e, w) = (ratings.elo[i], ratings.interval(i));
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(e - w, y), (e + w, y)],
                    BLUE.stroke_width(3),
                )))
                .map_err(draw_err)?;
            chart
                .draw_series(std::iter::once(Circle::new((e, y), 5, RED.filled())))
                .map_err(draw_err)?;
        }
        root.present().map_err(draw_err)?;
    }
    write_png(path, width, height, &rgb)
}

/// A line chart of several series over generations: `series` are (label, values per
/// generation); `y_desc` names the values.
pub fn generations_png(
    path: &Path,
    title: &str,
    y_desc: &str,
    series: &[(&str, Vec<f64>)],
) -> Result<(), ChartError> {
    let (width, height) = (900u32, 520u32);
    let mut rgb = vec![0u8; (width * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let count = series
            .iter()
            .map(|(_, v)| v.len())
            .max()
            .unwrap_or(1)
            .max(2);
        let values = series.iter().flat_map(|(_, v)| v.iter().copied());
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(v), h.max(v))
        });
        let (low, high) = if low.is_finite() {
            (low, high)
        } else {
            (0.0, 1.0)
        };
        let pad = ((high - low) * 0.08).max(0.01);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 22))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..(count - 1) as f64, low - pad..high + pad)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .x_desc("generation")
            .x_labels(count.min(20))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc(y_desc)
            .label_style(("sans-serif", 15))
            .draw()
            .map_err(draw_err)?;
        let colours = [RED, BLUE, GREEN, MAGENTA, CYAN];
        for (k, (label, values)) in series.iter().enumerate() {
            let colour = colours[k % colours.len()];
            chart
                .draw_series(LineSeries::new(
                    values.iter().enumerate().map(|(g, &v)| (g as f64, v)),
                    colour.stroke_width(2),
                ))
                .map_err(draw_err)?
                .label(*label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 15))
            .draw()
            .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    write_png(path, width, height, &rgb)
}
