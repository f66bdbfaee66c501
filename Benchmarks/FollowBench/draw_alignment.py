#!/usr/bin/env python3
"""Draws docs/images/follow-alignment.png: the coarse cost matrix of one take against its score (score time at
the take's tempo up, audio time across), the fine alignment path, and the true downbeats.
Usage: draw_alignment.py PATH_CSV OUT_PNG TITLE   (PATH_CSV from `FollowBench DIR --path TAKE PATH_CSV`)"""
import sys
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

path_csv, out, title = sys.argv[1], sys.argv[2], sys.argv[3]
matrix = np.loadtxt(path_csv + ".matrix", delimiter=",", ndmin=2)
path = np.loadtxt(path_csv, delimiter=",", ndmin=2)
truth = np.loadtxt(path_csv + ".truth", delimiter=",", ndmin=2)
scale = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0
fig, ax = plt.subplots(figsize=(9, 6), dpi=110)
rows, cols = matrix.shape
ax.imshow(matrix, origin="lower", aspect="auto", cmap="gray_r", extent=[0, cols / 10, 0, rows / 10 / scale])
ax.plot(path[:, 1], path[:, 0], color="tab:red", linewidth=1.5, label="alignment path (fine, 50 frames/s)")
ax.plot([], [], "o", color="tab:blue", label="true downbeats (audio time)")
for _, t in truth:
    ax.axvline(t, color="tab:blue", linewidth=0.4, alpha=0.6)
ax.set_xlabel("take (s)")
ax.set_ylabel("score at its own tempo (s)")
ax.set_title(title)
ax.legend(loc="upper left")
fig.tight_layout()
fig.savefig(out)
