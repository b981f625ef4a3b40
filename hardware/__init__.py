"""The table's panel: LEDs, buttons and buzzer through gpiozero (issue 8)."""
