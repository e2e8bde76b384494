"""Paper in, scores out: photographs of the sheets the app prints, read (OpenCV and a small digit
classifier of scikit-learn's) and kept until the table confirms them."""
