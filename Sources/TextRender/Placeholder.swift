import CCairo; import LabelLayout
