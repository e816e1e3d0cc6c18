import SnapLayoutCore

func size(_ width: Dimension, _ height: Dimension) -> LayoutSize {
  LayoutSize(widthDimension: width, heightDimension: height)
}
func fw(_ f: Double) -> Dimension { .fractionalWidth(f) }
func fh(_ f: Double) -> Dimension { .fractionalHeight(f) }
func abs_(_ v: Double) -> Dimension { .absolute(v) }
func est(_ v: Double) -> Dimension { .estimated(v) }
