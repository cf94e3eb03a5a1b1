"""Kits: parts any game may use, and none of them knows a game.

* `nets`: paper models laid flat (faces and glued edges -> cut outline, folds, glue tabs);
* `symbols`: the symbol registry (suits and plain shapes as vector paths; a game adds its own);
* `text`: text fitting (the largest size at which a line or a drawn block fits its room);
* `tracks`: score tracks (squares numbered along a path, printed with milestones and arrows).
"""
