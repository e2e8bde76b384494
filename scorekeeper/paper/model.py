"""The digit classifier: a small neural network of scikit-learn's, trained here, never downloaded.

``python -m scorekeeper.paper.model`` (run by bin/setup, as it compiles the catalogues) trains it
on ``training.training_set()`` — scikit-learn's handwritten digits and the handwriting fonts'
digits, distorted from one seed — and keeps it in a git-ignored folder (``.cache/`` beside the
package, or ``SCOREKEEPER_PAPER_MODEL_DIR``) under a name that fingerprints the recipe, the fonts
and the library versions: the same inputs always make the same model, and a change of any of them
trains a new one. The app loads it when it starts (a few milliseconds); should it be missing (a
fresh checkout that skipped bin/setup), it is trained in the background then, and the first photo
read waits for it. The file holds the network's weights only (NumPy arrays, no pickled code), and
the app runs the network with NumPy: it never imports scikit-learn, whose import alone costs more
CPU than reading a page (scikit-learn trains the network; bin/setup and the tests' corpus use it).

A one-hidden-layer perceptron (MLPClassifier; 400 inputs: the 16×16 pixels and the strokes'
directions, ``digits.described``; 128 hidden units, 10 outputs) is under 1 MB on disk, answers
a whole sheet's boxes in one call in a few milliseconds, and gives each box the chance of each
digit, which the confirm screen's doubts rest on.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from . import training
from .digits import SIDE, described

LOG = logging.getLogger(__name__)
RECIPE = (
    f"mlp128-side{SIDE}-variants{training.VARIANTS}-{training.PACKAGED_VARIANTS}"
    f"-seed{training.SEED}-held{training.HELD_OUT}-hog-v5"
)
HIDDEN = (128,)
ITERATIONS = 150
DEFAULT_FOLDER = Path(__file__).resolve().parent.parent.parent / ".cache"


def model_folder() -> Path:
    """Where trained models are kept."""
    return Path(os.environ.get("SCOREKEEPER_PAPER_MODEL_DIR") or DEFAULT_FOLDER)


def fingerprint() -> str:
    """What the model is made from: the recipe, each font file (name and size) and the libraries."""
    parts = [RECIPE, metadata.version("scikit-learn"), np.__version__]
    parts += [f"{path.name}:{path.stat().st_size}" for path in training.font_files()]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def model_path() -> Path:
    """The file the model made from today's inputs is kept in."""
    return model_folder() / f"digits-{fingerprint()}.npz"


def train() -> Any:
    """A new classifier, trained on the training set (one thread, seeded: the same model each time)."""
    from sklearn.neural_network import MLPClassifier
    from threadpoolctl import threadpool_limits

    rows, labels = training.training_set()
    rows = described(rows)
    classifier = MLPClassifier(
        hidden_layer_sizes=HIDDEN, max_iter=ITERATIONS, alpha=1e-3, random_state=training.SEED, tol=1e-5
    )
    with threadpool_limits(1):
        import warnings

        from sklearn.exceptions import ConvergenceWarning

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            classifier.fit(rows, labels)
    # What only further training needs (the optimiser's moments) is not kept.
    classifier._optimizer = None
    classifier.loss_curve_ = []
    return classifier


@dataclass(frozen=True)
class Network:
    """A trained one-hidden-layer perceptron's weights, run with NumPy as scikit-learn runs it
    (rectified hidden units, a softmax over the ten digits)."""

    hidden_weights: NDArray[np.float64]
    hidden_bias: NDArray[np.float64]
    output_weights: NDArray[np.float64]
    output_bias: NDArray[np.float64]

    @classmethod
    def of(cls, classifier: Any) -> Network:
        """The weights of a trained ``MLPClassifier`` (one hidden layer, classes 0–9 in order)."""
        assert list(classifier.classes_) == list(range(10)) and classifier.activation == "relu"
        (hidden, output), (hidden_bias, output_bias) = classifier.coefs_, classifier.intercepts_
        return cls(hidden, hidden_bias, output, output_bias)

    def predict_proba(self, rows: NDArray[np.float64]) -> NDArray[np.float64]:
        """Each row's chances of the digits 0–9."""
        hidden = np.maximum(rows @ self.hidden_weights + self.hidden_bias, 0.0)
        scores = hidden @ self.output_weights + self.output_bias
        scores -= scores.max(axis=1, keepdims=True)
        chances: NDArray[np.float64] = np.exp(scores)
        shares: NDArray[np.float64] = chances / chances.sum(axis=1, keepdims=True)
        return shares


def load(path: Path) -> Network:
    """The network kept at ``path`` (plain arrays: nothing in the file is run)."""
    with np.load(path, allow_pickle=False) as arrays:
        return Network(*(np.asarray(arrays[name], np.float64) for name in NETWORK_ARRAYS))


NETWORK_ARRAYS = ("hidden_weights", "hidden_bias", "output_weights", "output_bias")


def save(network: Network, path: Path) -> None:
    """Keep ``network`` at ``path`` (written aside, then moved, so a reader never sees half)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.stem}.{os.getpid()}.part.npz")
    np.savez(partial, **{name: getattr(network, name) for name in NETWORK_ARRAYS})
    partial.replace(path)
    for older in path.parent.glob("digits-*"):
        if older != path and older.suffix in (".npz", ".pickle"):
            older.unlink(missing_ok=True)  # made from other inputs: no use any more


class Classifier:
    """The process's classifier: loaded from its file, or trained once when the file is missing."""

    def __init__(self) -> None:
        self._model: Network | None = None
        self._lock = threading.Lock()
        self._training: threading.Thread | None = None

    def start(self) -> None:
        """Load the kept model now, or start training it in the background (the app starts at once)."""
        with self._lock:
            if self._model is not None or self._training is not None:
                return
            path = model_path()
            if path.is_file():
                self._model = load(path)
                return
            self._training = threading.Thread(target=self._train, name="digit-classifier", daemon=True)
            self._training.start()

    def _train(self) -> None:
        path = model_path()
        LOG.warning("Training the digit classifier (%s): bin/setup does this ahead of time", path.name)
        model = Network.of(train())
        try:
            save(model, path)
        except OSError:
            LOG.warning("Could not keep the digit classifier at %s", path)
        self._model = model

    def model(self) -> Network:
        """The classifier, once loaded or trained (waits for a training in progress)."""
        self.start()
        training_now = self._training
        if self._model is None and training_now is not None:
            training_now.join()
        assert self._model is not None
        return self._model

    def __call__(self, rows: NDArray[np.float64]) -> NDArray[np.float64]:
        """Each row's chances of the digits 0–9."""
        chances: NDArray[np.float64] = self.model().predict_proba(rows)
        return chances


CLASSIFIER = Classifier()


def main() -> None:
    """Train the model for today's inputs and keep it, unless it is kept already."""
    path = model_path()
    if path.is_file():
        print(f"The digit classifier is trained already: {path}")
        return
    save(Network.of(train()), path)
    print(f"Trained the digit classifier: {path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
