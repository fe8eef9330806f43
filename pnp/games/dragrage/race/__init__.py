"""One heat and one race of Drag Rage: the rules engine, its states, dice, driver strategies and the simulator."""
