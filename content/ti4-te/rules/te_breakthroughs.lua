local L = game.lib
