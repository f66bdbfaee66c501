import CPoppler
import ScoreLayout

/// Draws overlays with cairo in page coordinates (the context is already scaled to points).
///
/// Text is set in DejaVu Sans with the overlay's weight and alignment; circles and rectangles are filled, then outlined.
enum OverlayPainter {
    static func draw(_ overlays: [Overlay], on cr: OpaquePointer) {
        for overlay in overlays {
            cairo_save(cr)
            cairo_set_line_width(cr, overlay.lineWidth)
            if !overlay.dash.isEmpty { cairo_set_dash(cr, overlay.dash, Int32(overlay.dash.count), 0) }
            switch overlay.shape {
            case .rectangle(let origin, let width, let height):
                cairo_rectangle(cr, origin.x, origin.y, width, height)
                paint(overlay, cr)
            case .line(let from, let to):
                cairo_move_to(cr, from.x, from.y)
                cairo_line_to(cr, to.x, to.y)
                stroke(overlay, cr)
            case .bracket(let x, let top, let bottom, let opensRight, let hook):
                let h = opensRight ? hook : -hook
                cairo_move_to(cr, x + h, top)
                cairo_line_to(cr, x, top)
                cairo_line_to(cr, x, bottom)
                cairo_line_to(cr, x + h, bottom)
                stroke(overlay, cr)
            case .text(let text, let at, let size):
                let weight = overlay.textStyle.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL
                cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, weight)
                cairo_set_font_size(cr, size)
                var extents = cairo_text_extents_t()
                cairo_text_extents(cr, text, &extents)
                let x: Double
                switch overlay.textStyle.alignment {
                case .left: x = at.x
                case .center: x = at.x - extents.x_advance / 2
                case .right: x = at.x - extents.x_advance
                }
                if let fill = overlay.fill {
                    set(fill, cr)
                    cairo_rectangle(cr, x + extents.x_bearing - 1, at.y + extents.y_bearing - 1,
                                    extents.width + 2, extents.height + 2)
                    cairo_fill(cr)
                }
                set(overlay.stroke ?? .black, cr)
                cairo_move_to(cr, x, at.y)
                cairo_show_text(cr, text)
            case .circle(let center, let radius):
                cairo_new_sub_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                paint(overlay, cr)
            }
            cairo_restore(cr)
        }
    }

    private static func set(_ c: OverlayColor, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    private static func paint(_ overlay: Overlay, _ cr: OpaquePointer) {
        if let fill = overlay.fill {
            set(fill, cr)
            overlay.stroke == nil ? cairo_fill(cr) : cairo_fill_preserve(cr)
        }
        stroke(overlay, cr)
    }

    private static func stroke(_ overlay: Overlay, _ cr: OpaquePointer) {
        guard let s = overlay.stroke else { cairo_new_path(cr); return }
        set(s, cr)
        cairo_stroke(cr)
    }
}
