"""Straight-through top-k: hard forward, softmax backward, gradients reach the selector only."""

import sys
import unittest
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toe_training.models import NoteSelector, NoteStream, Sizes, TsSelector, TsStream  # noqa: E402
from toe_training.ste import straight_through_topk  # noqa: E402
from toe_training.train_phases import freeze, note_selector_loss, ts_selector_loss  # noqa: E402

SIZES = Sizes(T=6, D=8, Dc=5, De=3, M=5, E=7, H=4, P=4, C=2, hidden=8)


class SteTest(unittest.TestCase):
    def setUp(self) -> None:
        torch.manual_seed(0)

    def test_forward_is_exactly_the_hard_mask(self) -> None:
        scores = torch.randn(4, 10, requires_grad=True)
        mask = straight_through_topk(scores, 3)
        self.assertTrue(torch.equal(mask.sum(dim=1), torch.full((4,), 3.0)))
        self.assertTrue(bool(((mask == 0) | (mask == 1)).all()))
        top = scores.topk(3, dim=1).indices
        self.assertTrue(bool((mask.gather(1, top) == 1).all()))

    def test_invalid_units_are_never_selected(self) -> None:
        scores = torch.tensor([[5.0, 4.0, 3.0, 2.0], [1.0, 2.0, 3.0, 4.0]])
        valid = torch.tensor([[0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
        mask = straight_through_topk(scores, 3, valid=valid)
        self.assertEqual(mask.tolist(), [[0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]])

    def test_backward_is_the_softmax_gradient(self) -> None:
        scores = torch.randn(2, 6, requires_grad=True)
        upstream = torch.randn(2, 6)
        (straight_through_topk(scores, 2, tau=0.5) * upstream).sum().backward()
        ref = scores.detach().clone().requires_grad_(True)
        (torch.softmax(ref / 0.5, dim=1) * upstream).sum().backward()
        self.assertTrue(torch.allclose(scores.grad, ref.grad))

    def test_ts_gradient_reaches_selector_only(self) -> None:
        model, selector = TsStream(SIZES), TsSelector(SIZES.D, SIZES.hidden)
        freeze(model)
        bce = torch.nn.BCEWithLogitsLoss()
        loss = ts_selector_loss(selector, model, torch.randn(3, SIZES.T, SIZES.D), torch.rand(3, SIZES.Dc),
                                torch.rand(3, SIZES.De), torch.tensor([0.0, 1.0, 1.0]), 2, 1.0, bce)
        loss.backward()
        self.assertTrue(all(p.grad is None for p in model.parameters()))
        grads = [p.grad for p in selector.parameters()]
        self.assertTrue(all(g is not None for g in grads))
        self.assertGreater(sum(float(g.abs().sum()) for g in grads if g is not None), 0.0)

    def test_note_gradient_reaches_selector_only(self) -> None:
        model, selector = NoteStream(SIZES), NoteSelector(SIZES)
        freeze(model)
        presence = torch.tensor([[1.0, 1.0, 1.0, 0.0, 0.0], [0.0] * 5, [1.0] * 5])
        loss = note_selector_loss(selector, model, torch.randn(3, SIZES.M, SIZES.E), presence, torch.rand(3, SIZES.Dc),
                                  torch.rand(3, SIZES.De), torch.tensor([1.0, 0.0, 1.0]), 2, 1.0,
                                  torch.nn.BCEWithLogitsLoss())
        self.assertTrue(torch.isfinite(loss))
        loss.backward()
        self.assertTrue(all(p.grad is None for p in model.parameters()))
        self.assertGreater(sum(float(p.grad.abs().sum()) for p in selector.parameters() if p.grad is not None), 0.0)

    def test_exported_note_selector_scores_absent_slots_minus_infinity(self) -> None:
        selector = NoteSelector(SIZES)
        scores = selector(torch.randn(1, SIZES.M, SIZES.E), torch.tensor([[1.0, 0.0, 1.0, 0.0, 0.0]]))
        self.assertTrue(bool(torch.isfinite(scores[0, [0, 2]]).all()))
        self.assertTrue(bool(torch.isneginf(scores[0, [1, 3, 4]]).all()))

    def test_empty_note_selection_pools_to_zero(self) -> None:
        from toe_training.models import pool
        v = pool(torch.randn(2, 5, 4), torch.ones(2, 5), torch.zeros(2, 5))
        self.assertTrue(torch.equal(v, torch.zeros(2, 4)))


if __name__ == "__main__":
    unittest.main()
